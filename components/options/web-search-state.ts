/** Settings → Web search's model: the backend web_search uses, loaded from and saved to the background. */
import { computed, signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export type WebSearchChoice = 'none' | 'searxng' | 'brave' | 'tavily';

/** What "Test connection" found: a count and a time, or why it failed (in the user's words, from the background). */
export type WebSearchTestResult = { ok: true; results: number; ms: number } | { ok: false; message: string };

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
  const testing = signal(false);
  /** The form's values as the background gets them: a key only when one is typed (else the saved one is used). */
  const draft = computed(() => ({
    backend: backend.value,
    url: url.value.trim(),
    ...(apiKey.value.trim() ? { apiKey: apiKey.value.trim() } : {}),
  }));
  const tested = signal<{ draft: typeof draft.value; result: WebSearchTestResult } | null>(null);
  /** The last test's result while the form still holds the values it tested; an edit makes it stale. */
  const testResult = computed(() => (tested.value?.draft === draft.value ? tested.value.result : null));
  const show = (v: { backend: WebSearchChoice; url?: string; hasKey: boolean }) => {
    backend.value = v.backend;
    savedBackend.value = v.backend;
    url.value = v.url ?? '';
    hasKey.value = v.hasKey;
    apiKey.value = '';
  };
  return {
    backend,
    url,
    apiKey,
    hasKey,
    savedBackend,
    busy,
    loaded,
    message,
    error,
    testing,
    testResult,
    // A failed load still opens the form (its error shows): the user may set a backend afresh.
    load: () =>
      attempt(async () => show(await sendToBackground('webSearch.get', {}))).finally(() => (loaded.value = true)),
    async save(done: string) {
      busy.value = true;
      await attempt(async () => {
        show(await sendToBackground('webSearch.save', draft.value));
      }, done);
      busy.value = false;
    },
    /** Runs one real search in the background with the form's values (saved or not). */
    async test() {
      const values = draft.value;
      testing.value = true;
      tested.value = null;
      try {
        const { results, ms } = await sendToBackground('webSearch.test', values);
        tested.value = { draft: values, result: { ok: true, results, ms } };
      } catch (e) {
        tested.value = { draft: values, result: { ok: false, message: (e as Error).message } };
      } finally {
        testing.value = false;
      }
    },
  };
}

export type WebSearchState = ReturnType<typeof createWebSearchState>;
