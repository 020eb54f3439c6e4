import type { OptionsState } from './options-state';
import { t } from '../ui/t';

/**
 * What a custom server charges for the model named above, in $ per million tokens: only the user knows, so
 * the panel shows a cost for its answers only once both are set. Empty is unknown.
 */
export function PriceFields({ state }: { state: OptionsState }) {
  const d = state.editing.value;
  if (!d) return null;
  const field = (name: 'priceInput' | 'priceOutput', label: string) => (
    <label>
      {label}
      <input
        name={name}
        type="number"
        inputMode="decimal"
        step="any"
        value={d[name]}
        onInput={(e) => state.update({ [name]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  return (
    <fieldset class="price-fields">
      <legend>{t('provider_price_legend', d.model.trim() || '…')}</legend>
      <small class="hint">{t('provider_price_hint')}</small>
      {field('priceInput', t('provider_price_input'))}
      {field('priceOutput', t('provider_price_output'))}
    </fieldset>
  );
}
