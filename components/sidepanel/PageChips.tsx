import type { PageContextState } from './page-context-state';

/** The page context that will go with the next message; ✕ removes a chip (and that context). */
export function PageChips({ page }: { page: PageContextState }) {
  const t = page.tab.value;
  if (!t) return null;
  const sel = page.selection.value;
  return (
    <div class="chips" aria-label="Page context">
      {page.includePage.value && (
        <span class="chip" title={t.url}>
          <span class="chip-label">Page: {t.title}</span>
          <button type="button" aria-label="Remove page context" onClick={() => (page.includePage.value = false)}>
            ✕
          </button>
        </span>
      )}
      {page.includePage.value && sel && page.includeSelection.value && (
        <span class="chip" title={sel}>
          <span class="chip-label">Selection: “{sel.length > 40 ? `${sel.slice(0, 40)}…` : sel}”</span>
          <button type="button" aria-label="Remove selected text" onClick={() => (page.includeSelection.value = false)}>
            ✕
          </button>
        </span>
      )}
      {!page.includePage.value && (
        <button type="button" class="link" onClick={() => (page.includePage.value = true)}>
          Attach this page
        </button>
      )}
    </div>
  );
}
