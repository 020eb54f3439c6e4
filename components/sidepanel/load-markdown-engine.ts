/**
 * The Markdown renderer, loaded once and lazily: the panel is usable before marked and DOMPurify arrive, and
 * an answer shown in the meantime is plain text (set as text, so just as safe) until the signal turns.
 */
import { signal } from '@preact/signals';

export type MarkdownEngine = typeof import('./markdown-view');

/** The loaded engine, or null while it is still on its way. */
export const markdownEngine = signal<MarkdownEngine | null>(null);

let loading: Promise<MarkdownEngine> | undefined;

/** Starts (once) loading the engine; resolves with it. A failed load is retried on the next call. */
export function loadMarkdownEngine(): Promise<MarkdownEngine> {
  loading ??= import('./markdown-view').then(
    (engine) => (markdownEngine.value = engine),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** Starts loading without waiting: a failure is logged, and the next answer to render tries again. */
export function preloadMarkdownEngine(): void {
  loadMarkdownEngine().catch((e: unknown) => console.error('Tabwise: the Markdown renderer did not load', e));
}
