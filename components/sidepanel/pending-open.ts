/**
 * Shows the conversation a clicked notification asked for (a scheduled run's): read and cleared when the panel
 * opens and whenever a new one arrives. Only a recent click counts.
 */
import { useEffect } from 'preact/hooks';
import { PENDING_OPEN_KEY, PENDING_OPEN_TTL_MS, isPendingOpen } from '../../lib/background/pending-open';

async function takePendingOpen(): Promise<string | null> {
  const stored = (await chrome.storage.session.get(PENDING_OPEN_KEY))[PENDING_OPEN_KEY];
  if (stored === undefined) return null;
  await chrome.storage.session.remove(PENDING_OPEN_KEY);
  if (!isPendingOpen(stored) || Date.now() - stored.createdAt > PENDING_OPEN_TTL_MS) return null;
  return stored.conversationId;
}

export function usePendingOpen(open: (conversationId: string) => void) {
  useEffect(() => {
    let alive = true;
    const apply = () =>
      void takePendingOpen()
        .then((id) => alive && id && open(id))
        .catch((e: unknown) => console.error('reading the conversation to open failed', e));
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'session' && changes[PENDING_OPEN_KEY]?.newValue !== undefined) apply();
    };
    apply();
    chrome.storage.onChanged.addListener(onChanged);
    return () => {
      alive = false;
      chrome.storage.onChanged.removeListener(onChanged);
    };
  }, [open]);
}
