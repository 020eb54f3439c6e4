/** Connects the offscreen engine to chrome.runtime messages through the messaging kit. */
import { serve, type MessageEvent } from '../../messaging/serve';
import { selfOf, type SenderInfo } from '../../messaging/sender-is';
import { offscreenProtocol } from '../offscreen-protocol';
import { offscreenRequestSchemas } from '../offscreen-request-schemas';
import type { OffscreenHandlers } from './offscreen-engine';

/** The parts of chrome.runtime the document serves with (a fake in tests). */
export interface OffscreenRuntime {
  id: string;
  getURL(path: string): string;
  onMessage: MessageEvent<SenderInfo>;
}

/**
 * Answers the offscreen protocol's requests, each validated with its schema, from the extension's own
 * service worker only: pages, content scripts and other extensions get 'forbidden'. Other messages pass to
 * other listeners. Returns a function that stops serving.
 */
export function serveOffscreenEngine(
  engine: OffscreenHandlers,
  runtime: OffscreenRuntime = chrome.runtime,
): () => void {
  return serve(
    offscreenProtocol,
    { validators: offscreenRequestSchemas, handlers: engine, from: 'background', self: selfOf(runtime) },
    runtime.onMessage,
  );
}
