/**
 * The price fields of the provider form: what the user typed for the model in the Model field, in $ per million
 * tokens, and the prices the provider already keeps for its models. Empty is unknown: no cost is shown then.
 */
import { MAX_PRICE_PER_MILLION, type UserModelPrice } from '../../lib/core/provider-config';
import { formatInteger } from '../../lib/util/format-integer';
import { t } from '../ui/t';

type Prices = Record<string, UserModelPrice>;

/** The form's copy of the price of the model being edited, as typed. */
export interface PriceText {
  priceInput: string;
  priceOutput: string;
}

/** The stored price of `model` as the fields show it ('' when none is set). */
export function priceTextOf(prices: Prices | undefined, model: string): PriceText {
  const p = prices?.[model.trim()];
  return p ? { priceInput: String(p.input), priceOutput: String(p.output) } : { priceInput: '', priceOutput: '' };
}

/**
 * The fields once the Model field says `nextModel`: they show that model's stored price, unless the user has
 * typed a price of their own since (kept, for the model now named).
 */
export function followModel(draft: PriceText & { prices?: Prices; model: string }, nextModel: string): PriceText {
  const was = priceTextOf(draft.prices, draft.model);
  const untouched = was.priceInput === draft.priceInput && was.priceOutput === draft.priceOutput;
  return untouched
    ? priceTextOf(draft.prices, nextModel)
    : { priceInput: draft.priceInput, priceOutput: draft.priceOutput };
}

function parseOne(text: string): number | undefined | 'invalid' {
  const s = text.trim();
  if (!s) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_PER_MILLION ? n : 'invalid';
}

/**
 * The provider's prices with the typed one set for `model` (or removed, when both fields are empty), or why
 * they cannot be saved: a price is a number from 0 up, and both are needed for a cost.
 */
export function pricesToSave(
  draft: PriceText & { prices?: Prices; model: string },
): { prices: Prices } | { error: string } {
  const input = parseOne(draft.priceInput);
  const output = parseOne(draft.priceOutput);
  if (input === 'invalid' || output === 'invalid')
    return { error: t('prov_price_invalid', formatInteger(MAX_PRICE_PER_MILLION)) };
  if ((input === undefined) !== (output === undefined)) return { error: t('prov_price_both') };
  const model = draft.model.trim();
  const { [model]: _old, ...others } = draft.prices ?? {};
  return { prices: input === undefined || output === undefined ? others : { ...others, [model]: { input, output } } };
}
