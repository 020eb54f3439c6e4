import type { PageContextState } from './page-context-state';
import type { UnreadableReason } from '../../lib/page/page-access';
import { t, type MessageKey } from '../ui/t';

const why: Record<UnreadableReason, MessageKey> = {
  browser: 'page_unreadable_browser',
  store: 'page_unreadable_store',
  extension: 'page_unreadable_extension',
  other: 'page_unreadable_other',
};

/** Shown instead of the page chip while the page in front cannot be read: that it cannot, why, and what the user can do. */
export function UnreadablePage({ page }: { page: PageContextState }) {
  const u = page.unreadable.value;
  if (!u) return null;
  return (
    <div class="unreadable-page" role="status">
      <p>
        <strong>{t('page_unreadable')}</strong> {t(why[u.reason])}
      </p>
      <div class="actions">
        <button type="button" onClick={() => page.workWithout()}>
          {t('page_unreadable_without')}
        </button>
        {u.instead && (
          <button type="button" class="instead" title={u.instead.url} onClick={() => page.choose(u.instead!)}>
            {t('page_unreadable_instead', u.instead.title)}
          </button>
        )}
      </div>
    </div>
  );
}
