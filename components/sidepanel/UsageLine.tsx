import type { UsageSummary } from '../ui/describe-usage';
import { t } from '../ui/t';

/** One line of tokens, cost and prompt-cache savings (for an answer, or the whole conversation). */
export function UsageLine({ usage, label }: { usage: UsageSummary | undefined; label: string }) {
  if (!usage) return null;
  return (
    <div class="usage-line" aria-label={label}>
      <span class="tokens">{usage.tokens}</span>
      {usage.cost && <span class="cost"> · {usage.cost}</span>}
      {usage.saved && <span class="saved"> {t('usage_cache_saved', usage.saved)}</span>}
    </div>
  );
}
