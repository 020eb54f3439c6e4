/**
 * Puts a request composed by the context menu into the message box: read and cleared when the panel opens
 * and whenever a new one arrives. Only a draft for a tab of this panel's window is taken, and it is never
 * sent: the user reads it and presses Enter.
 */
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { writeDraft } from './composer-box';
import { PENDING_DRAFT_KEY, PENDING_DRAFT_TTL_MS, isPendingDraft } from '../../lib/background/pending-draft';

async function takeDraft(): Promise<string | null> {
  const stored = (await chrome.storage.session.get(PENDING_DRAFT_KEY))[PENDING_DRAFT_KEY];
  if (stored === undefined) return null;
  if (!isPendingDraft(stored)) {
    await chrome.storage.session.remove(PENDING_DRAFT_KEY);
    return null;
  }
  if (Date.now() - stored.createdAt > PENDING_DRAFT_TTL_MS) {
    await chrome.storage.session.remove(PENDING_DRAFT_KEY);
    return null;
  }
  const [win, tab] = await Promise.all([chrome.windows.getCurrent(), chrome.tabs.get(stored.tabId).catch(() => null)]);
  // Another window's panel (or a tab since closed): leave it for the panel it belongs to, or let it expire.
  if (!tab || tab.windowId !== win.id) return null;
  await chrome.storage.session.remove(PENDING_DRAFT_KEY);
  return stored.text;
}

/** Fills `ref`'s message box with pending drafts, cursor at the end, focused; `written` follows each. */
export function usePendingDraft(ref: RefObject<HTMLElement | null>, written: () => void = () => {}) {
  useEffect(() => {
    let alive = true;
    const apply = () =>
      void takeDraft()
        .then((text) => {
          const el = ref.current;
          if (!alive || text === null || !el) return;
          writeDraft(el, [text]);
          written();
        })
        .catch((e: unknown) => console.error('reading the pending draft failed', e));
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'session' && changes[PENDING_DRAFT_KEY]?.newValue !== undefined) apply();
    };
    apply();
    chrome.storage.onChanged.addListener(onChanged);
    return () => {
      alive = false;
      chrome.storage.onChanged.removeListener(onChanged);
    };
  }, [ref]);
}
