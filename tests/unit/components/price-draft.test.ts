import { describe, expect, it } from 'vitest';
import { followModel, pricesToSave, priceTextOf } from '../../../components/options/price-draft';

const stored = { 'llama3.2': { input: 0.2, output: 0.8 } };
const draft = (over: Partial<Parameters<typeof pricesToSave>[0]> = {}) => ({
  model: 'llama3.2',
  prices: stored,
  priceInput: '',
  priceOutput: '',
  ...over,
});

describe('the price fields of a custom server', () => {
  it('show the stored price of the model named, empty for a model without one', () => {
    expect(priceTextOf(stored, 'llama3.2')).toEqual({ priceInput: '0.2', priceOutput: '0.8' });
    expect(priceTextOf(stored, 'qwen3')).toEqual({ priceInput: '', priceOutput: '' });
    expect(priceTextOf(undefined, 'qwen3')).toEqual({ priceInput: '', priceOutput: '' });
  });

  it('follow the Model field: another model shows its own price, unless the user typed one (kept)', () => {
    expect(followModel(draft({ priceInput: '0.2', priceOutput: '0.8' }), 'qwen3')).toEqual({
      priceInput: '',
      priceOutput: '',
    });
    expect(followModel(draft({ model: 'qwen3' }), 'llama3.2')).toEqual({ priceInput: '0.2', priceOutput: '0.8' });
    expect(followModel(draft({ priceInput: '1', priceOutput: '2' }), 'qwen3')).toEqual({
      priceInput: '1',
      priceOutput: '2',
    });
  });

  it('save both prices for the model named, keep the other models, and remove the price when both are emptied', () => {
    expect(pricesToSave(draft({ model: 'qwen3', priceInput: '0.05', priceOutput: ' 0.1 ' }))).toEqual({
      prices: { ...stored, qwen3: { input: 0.05, output: 0.1 } },
    });
    expect(pricesToSave(draft({ priceInput: '0', priceOutput: '0' }))).toEqual({
      prices: { 'llama3.2': { input: 0, output: 0 } },
    });
    expect(pricesToSave(draft())).toEqual({ prices: {} });
    expect(pricesToSave(draft({ prices: undefined }))).toEqual({ prices: {} });
  });

  it('refuse a negative or non-numeric price, one above the cap, or one of the two alone', () => {
    const invalid = { error: 'A price is a number from 0 to 10,000 ($ per million tokens).' };
    expect(pricesToSave(draft({ priceInput: '-1', priceOutput: '2' }))).toEqual(invalid);
    expect(pricesToSave(draft({ priceInput: 'abc', priceOutput: '2' }))).toEqual(invalid);
    expect(pricesToSave(draft({ priceInput: '1', priceOutput: '20000' }))).toEqual(invalid);
    expect(pricesToSave(draft({ priceInput: '1', priceOutput: '' }))).toEqual({
      error: 'Set both prices, input and output, or leave both empty.',
    });
  });
});
