import type { UsageSummary } from '../ui/describe-usage';

/** One line of tokens, cost and prompt-cache savings (for an answer, or the whole conversation). */
export function UsageLine({ usage, label }: { usage: UsageSummary | undefined; label: string }) {
  if (!usage) return null;
  return (
    <div class="usage-line" aria-label={label}>
      <span class="tokens">{usage.tokens}</span>
      {usage.cost && <span class="cost"> · {usage.cost}</span>}
      {usage.saved && <span class="saved"> · cache saved {usage.saved}</span>}
    </div>
  );
}
