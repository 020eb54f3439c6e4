/**
 * The capture protocol between the capture script (every page, only while remembering is on) and the
 * background. Types only, so the capture script pulls no schema library; the background validates every
 * message with the schemas in ingest/capture-schemas.ts (the page may have driven its content script).
 */
import { defineProtocol, type Route } from '../messaging/define-protocol';

/** One captured page. `url` is what the page showed when it was read; the background decides on the sender's own URL. */
export interface CaptureInput {
  url: string;
  title: string;
  lang: string;
  text: string;
  hash: string;
}

/** A PDF shown in a tab: its URL as the tab showed it (the background decides on the sender's own URL). */
export interface DocumentCaptureInput {
  url: string;
}

/** What the content script is told before capturing (nothing more: it never sees the lists). */
export interface CaptureConfig {
  enabled: boolean;
  dwellMs: number;
}

/** What happened to a capture; 'full' means the queue refused it (the settings page shows the count). */
export interface CaptureReply {
  status: 'queued' | 'replaced' | 'unchanged' | 'refused' | 'full' | 'off';
  reason?: string;
}

type Empty = Record<string, never>;

export type CaptureRoutes = {
  /** Whether to capture at all, and after how long. */
  config: Route<Empty, CaptureConfig>;
  /** Loads the page reader into the sender's frame (the capture script stays small without it). */
  reader: Route<Empty, void>;
  capture: Route<CaptureInput, CaptureReply>;
  /**
   * A tab that shows a PDF (the viewer keeps its text from page scripts): the background reads the file
   * itself, at the sender's own URL, under the same rules as a page.
   */
  captureDocument: Route<DocumentCaptureInput, CaptureReply>;
};

export const captureProtocol = defineProtocol<CaptureRoutes>('capture');
