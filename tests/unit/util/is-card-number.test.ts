import { describe, expect, it } from 'vitest';
import { isCardNumber } from '../../../lib/util/is-card-number';
import { passesLuhn } from '../../../lib/util/passes-luhn';

describe('passesLuhn', () => {
  it('accepts valid checksums and refuses a changed digit', () => {
    for (const n of [
      '4242424242424242',
      '4111 1111 1111 1111',
      '5500-0000-0000-0004',
      '378282246310005',
      '6011111111111117',
    ])
      expect(passesLuhn(n), n).toBe(true);
    for (const n of ['4242424242424241', '4111 1111 1111 1112', '1234567812345678', ''])
      expect(passesLuhn(n), n).toBe(false);
  });
});

describe('isCardNumber', () => {
  it('takes 13 to 19 Luhn-valid digits with spaces, dashes, dots or no-break spaces between them', () => {
    for (const n of [
      '4242 4242 4242 4242',
      '4242424242424242',
      ' 4111-1111-1111-1111 ',
      '3782 822463 10005',
      '4222222222222',
      '4111.1111.1111.1111',
      '4111\u00a01111\u00a01111\u00a01111',
      '6011 0009 9013 9424',
    ]) {
      expect(isCardNumber(n), n).toBe(true);
    }
  });
  it('refuses an order number that fails Luhn, phone numbers, too short or long runs, and text around the digits', () => {
    for (const n of [
      '4242 4242 4242 4241', // a 16-digit order number: Luhn fails
      '1234 5678 9012 3456',
      '+49 170 1234567 0', // a phone number: the plus
      '(555) 123-4567',
      '+1 415 555 0100 00',
      '424242424242', // 12 digits
      '42424242424242424242', // 20 digits
      'Card 4242 4242 4242 4242',
      '4242 4242 4242 4242 ok',
      '',
    ]) {
      expect(isCardNumber(n), n).toBe(false);
    }
  });
});
