/**
 * A request composed outside the panel (by the context menu) that waits in chrome.storage.session until the
 * panel of the tab's window puts it in the message box. Session storage: content scripts cannot read or
 * write it, and it is gone when the browser closes.
 */

/** The chrome.storage.session key the draft waits under. */
export const PENDING_DRAFT_KEY = 'tabwise.pendingDraft';

/** How long a draft waits for its panel; an older one is dropped rather than surprising the user later. */
export const PENDING_DRAFT_TTL_MS = 60_000;

/** The longest draft text: the selection is page data, so its size is the page's choice unless capped. */
export const MAX_DRAFT_CHARS = 4_000;

export interface PendingDraft {
  /** The tab the user right-clicked: only the panel of that tab's window takes the draft. */
  tabId: number;
  text: string;
  createdAt: number;
}

/** Storage can hold anything another version (or a bug) wrote: check the shape before use. */
export function isPendingDraft(value: unknown): value is PendingDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.tabId) &&
    typeof v.text === 'string' &&
    v.text.length > 0 &&
    v.text.length <= MAX_DRAFT_CHARS &&
    typeof v.createdAt === 'number' &&
    Number.isFinite(v.createdAt)
  );
}
