/** The one sender check every receiver uses. */

/** The parts of chrome.runtime.MessageSender the check reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: object;
  /** Set for documents (pages, frames, the offscreen document); the service worker has none. */
  documentId?: string;
}

/** Who we are: the extension's id and origin (`chrome.runtime.getURL('')`). */
export interface SelfInfo {
  id: string;
  origin: string;
  /** The offscreen document's path. Default 'offscreen.html'. */
  offscreenPath?: string;
}

/**
 * - 'extension-page': one of our own pages (options, side panel, also when opened in a tab).
 * - 'background': our service worker: outside any tab and not a document (Chrome gives it no documentId
 *   and its script's URL, e.g. chrome-extension://ID/background.js).
 * - 'offscreen': our offscreen document.
 * - 'content-script': our content script in a web page (untrusted: the page may have driven it).
 */
export type SenderKind = 'extension-page' | 'background' | 'offscreen' | 'content-script';

export function selfOf(runtime: { id: string; getURL(path: string): string }): SelfInfo {
  return { id: runtime.id, origin: runtime.getURL('') };
}

export function senderIs(sender: SenderInfo, kind: SenderKind | readonly SenderKind[], self: SelfInfo): boolean {
  if (typeof kind !== 'string') return kind.some((k) => senderIs(sender, k, self));
  if (sender.id !== self.id) return false;
  const ours = !!sender.url && sender.url.startsWith(self.origin);
  switch (kind) {
    case 'extension-page':
      return ours;
    case 'background':
      return !sender.tab && !sender.documentId && (sender.url === undefined || ours);
    case 'offscreen':
      return (
        !sender.tab && !!sender.url && sender.url.startsWith(self.origin + (self.offscreenPath ?? 'offscreen.html'))
      );
    case 'content-script':
      return !!sender.tab && !ours;
  }
}
