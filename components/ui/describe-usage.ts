/** Tokens, cost and prompt-cache savings in words a person reads at a glance (cost only for priced models). */
import { costOf, priceOf, type TokenPrices } from '../../lib/providers/model-prices';
import { emptyUsage } from '../../lib/providers/chat-model';
import type { Usage } from '../../lib/core/usage';
import { listVersions } from '../../lib/storage/answer-versions';
import type { MessageRecord } from '../../lib/storage/records';
import { t } from './t';
import { formatInteger } from '../../lib/util/format-integer';

const count = formatInteger;

/** Dollars with enough digits to be more than zero for a single answer. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(3).replace(/0+$/, '').replace(/\.$/, '')}`;
}

/** The model id inside an answer's "provider · model" label. */
export const modelIdOf = (label: string | undefined) => label?.split(' · ').at(-1)?.trim() ?? '';

export interface UsageSummary {
  tokens: string;
  cost?: string;
  saved?: string;
}

function summarise(usage: Usage, cost?: { costUsd: number; savedUsd: number }): UsageSummary {
  return {
    tokens:
      usage.cachedInputTokens > 0
        ? t('usage_tokens_cached', count(usage.inputTokens), count(usage.outputTokens), count(usage.cachedInputTokens))
        : t('usage_tokens', count(usage.inputTokens), count(usage.outputTokens)),
    ...(cost ? { cost: formatUsd(cost.costUsd) } : {}),
    ...(cost && cost.savedUsd > 0 ? { saved: formatUsd(cost.savedUsd) } : {}),
  };
}

/**
 * What an answer's tokens cost: the price the user set for a custom server's model, else the list price of a
 * vendor's model at its own endpoint; none for a custom server without a price (its cost is unknown).
 */
function priceOfAnswer(message: Pick<MessageRecord, 'price' | 'unpriced' | 'model'>): TokenPrices | undefined {
  if (message.price) return message.price;
  return message.unpriced ? undefined : priceOf(modelIdOf(message.model));
}

export function describeAnswerUsage(message: MessageRecord): UsageSummary | undefined {
  if (!message.usage) return undefined;
  const price = priceOfAnswer(message);
  return summarise(message.usage, price && costOf(price, message.usage));
}

/** The conversation's totals; a cost only when every answer's model is priced (else it would understate). */
export function describeConversationUsage(messages: MessageRecord[]): UsageSummary | undefined {
  // Every version of an answer was paid for, the ones not shown too.
  const answers = messages.flatMap(listVersions).filter((m) => m.usage);
  if (answers.length === 0) return undefined;
  const total = emptyUsage();
  let costUsd = 0;
  let savedUsd = 0;
  let priced = true;
  for (const m of answers) {
    const u = m.usage!;
    total.inputTokens += u.inputTokens;
    total.outputTokens += u.outputTokens;
    total.cachedInputTokens += u.cachedInputTokens;
    total.cacheWriteTokens += u.cacheWriteTokens;
    const price = priceOfAnswer(m);
    if (!price) priced = false;
    else {
      const c = costOf(price, u);
      costUsd += c.costUsd;
      savedUsd += c.savedUsd;
    }
  }
  return summarise(total, priced ? { costUsd, savedUsd } : undefined);
}
