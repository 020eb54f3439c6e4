/** Connects a protocol's dispatch to chrome.runtime.onMessage (or any event of that shape). */
import type { Routes, Protocol } from './define-protocol';
import { dispatch, type ServeOptions } from './dispatch';
import type { SenderInfo } from './sender-is';
import { isAddressedTo } from './wire-message';

export type MessageListener<S> = (raw: unknown, sender: S, sendResponse: (reply: unknown) => void) => boolean;

export interface MessageEvent<S> {
  addListener(listener: MessageListener<S>): void;
  removeListener(listener: MessageListener<S>): void;
}

/**
 * Answers this protocol's messages and lets every other message pass to the other listeners (return false
 * without answering: all the extension's contexts hear every runtime message). Returns a function that
 * stops serving (a content script replaced by a newer copy must stop answering).
 */
export function serve<R extends Routes, S extends SenderInfo>(
  protocol: Protocol<R>,
  options: ServeOptions<R, S>,
  event: MessageEvent<S>,
): () => void {
  const listener: MessageListener<S> = (raw, sender, sendResponse) => {
    // Decided synchronously: Chrome keeps the channel open only if the listener returns true now.
    if (!isAddressedTo(raw, protocol.marker)) return false;
    void dispatch(protocol, raw, sender, options).then(sendResponse);
    return true;
  };
  event.addListener(listener);
  return () => event.removeListener(listener);
}
