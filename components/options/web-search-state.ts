/** Settings → Web search's model: the backend web_search uses, loaded from and saved to the background. */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export type WebSearchChoice = 'none' | 'searxng' | 'brave' | 'tavily';

export function createWebSearchState() {
  const backend = signal<WebSearchChoice>('none');
  const url = signal('');
  /** Typed by the user; never filled from the background (the key does not leave it). */
  const apiKey = signal('');
  const hasKey = signal(false);
  const savedBackend = signal<WebSearchChoice>('none');
  const busy = signal(false);
  /** False until the saved choice has arrived: a choice made before would be overwritten by it. */
  const loaded = signal(false);
  const { message, error, attempt } = createActionStatus();
  const show = (v: { backend: WebSearchChoice; url?: string; hasKey: boolean }) => {
    backend.value = v.backend;
    savedBackend.value = v.backend;
    url.value = v.url ?? '';
    hasKey.value = v.hasKey;
    apiKey.value = '';
  };
  return {
    backend, url, apiKey, hasKey, savedBackend, busy, loaded, message, error,
    // A failed load still opens the form (its error shows): the user may set a backend afresh.
    load: () => attempt(async () => show(await sendToBackground('webSearch.get', {}))).finally(() => (loaded.value = true)),
    async save(done: string) {
      busy.value = true;
      await attempt(async () => {
        show(await sendToBackground('webSearch.save', { backend: backend.value, url: url.value.trim(), ...(apiKey.value.trim() ? { apiKey: apiKey.value.trim() } : {}) }));
      }, done);
      busy.value = false;
    },
  };
}

export type WebSearchState = ReturnType<typeof createWebSearchState>;
