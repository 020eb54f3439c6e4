import type { PageContextState } from './page-context-state';
import { t } from '../ui/t';

/** The page context that will go with the next message; ✕ removes a chip (and that context). */
export function PageChips({ page }: { page: PageContextState }) {
  const tab = page.tab.value;
  if (!tab) return null;
  const sel = page.selection.value;
  return (
    <div class="chips" aria-label={t('chips_label')}>
      {page.includePage.value && (
        <span class="chip" title={tab.url}>
          <span class="chip-label">{t('chips_page', tab.title)}</span>
          <button type="button" aria-label={t('chips_remove_page')} onClick={() => (page.includePage.value = false)}>
            ✕
          </button>
        </span>
      )}
      {page.includePage.value && sel && page.includeSelection.value && (
        <span class="chip" title={sel}>
          <span class="chip-label">{t('chips_selection', sel.length > 40 ? `${sel.slice(0, 40)}…` : sel)}</span>
          <button
            type="button"
            aria-label={t('chips_remove_selection')}
            onClick={() => (page.includeSelection.value = false)}
          >
            ✕
          </button>
        </span>
      )}
      {!page.includePage.value && (
        <button type="button" class="link" onClick={() => (page.includePage.value = true)}>
          {t('chips_attach')}
        </button>
      )}
    </div>
  );
}
