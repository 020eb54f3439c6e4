/** Connects the offscreen engine to chrome.runtime messages from the extension's own background. */
import { offscreenRequestSchema, offscreenWireSchema } from '../offscreen-protocol';
import type { OffscreenEngine } from './offscreen-engine';

/** Error shape that survives the message trip. */
const toWire = (e: unknown) => ({
  code: typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : 'internal',
  message: e instanceof Error ? e.message : String(e),
});

/**
 * Answers offscreen-protocol requests. Everything else is left to other listeners (return false), and
 * content scripts (sender.tab set) or other extensions are never answered.
 */
export function serveOffscreenEngine(engine: OffscreenEngine, runtime: typeof chrome.runtime = chrome.runtime): void {
  runtime.onMessage.addListener((raw, sender, sendResponse) => {
    const wire = offscreenWireSchema.safeParse(raw);
    if (!wire.success) return false;
    if (sender.id !== runtime.id || sender.tab) return false;
    const request = offscreenRequestSchema.safeParse(wire.data.request);
    if (!request.success) {
      sendResponse({ err: { code: 'bad_request', message: request.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } });
      return false;
    }
    engine.handle(request.data).then(
      (res) => sendResponse({ res }),
      (e: unknown) => sendResponse({ err: toWire(e) }),
    );
    return true;
  });
}
