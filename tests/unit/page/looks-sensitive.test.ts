import { describe, expect, it } from 'vitest';
import { looksSensitive } from '../../../lib/page/looks-sensitive';

describe('looksSensitive: by attributes and labels', () => {
  it('keeps the autocomplete and type rules', () => {
    expect(looksSensitive({ type: 'password' })).toBe('password');
    expect(looksSensitive({ autocomplete: 'cc-number' })).toBe('card');
    expect(looksSensitive({ autocomplete: 'CC-CSC' })).toBe('card');
    expect(looksSensitive({ autocomplete: 'one-time-code' })).toBe('one-time-code');
    expect(looksSensitive({ autocomplete: 'new-password' })).toBe('password');
    expect(
      looksSensitive({ autocomplete: 'email', name: 'email', label: 'Email', value: 'ada@example.com' }),
    ).toBeUndefined();
  });

  it('recognises card labels in English, German, Japanese and Chinese without any autocomplete hint', () => {
    for (const label of [
      'Card number',
      'Credit card',
      'CVC',
      'CVV2',
      'Security code',
      'Expiry date',
      'MM / YY',
      'Kartennummer',
      'Kreditkarte',
      'Kartenprüfnummer',
      'Prüfziffer',
      'Sicherheitscode',
      'Gültig bis',
      'カード番号',
      'クレジットカード',
      'セキュリティコード',
      '卡号',
      '信用卡号码',
      '安全码',
    ]) {
      expect(looksSensitive({ label }), label).toBe('card');
    }
    expect(looksSensitive({ name: 'card_number' })).toBe('card');
    expect(looksSensitive({ id: 'ccNum' })).toBe('card');
  });

  it('recognises one-time codes and passwords by label in every UI language', () => {
    for (const label of [
      'One-time code',
      'OTP',
      '2FA code',
      'Two-factor code',
      'Einmalpasswort',
      'Bestätigungscode',
      'TAN',
      'pushTAN',
      'ワンタイムパスワード',
      '確認コード',
      '認証コード',
      '二段階認証',
      '验证码',
      '短信验证码',
      '动态码',
    ]) {
      expect(looksSensitive({ label }), label).toBe('one-time-code');
    }
    for (const label of ['Password', 'PIN', 'Passwort', 'Kennwort', 'パスワード', '暗証番号', '密码'])
      expect(looksSensitive({ label }), label).toBe('password');
  });
});

describe('looksSensitive: by value', () => {
  it('a Luhn-valid card number is a card whatever the field is called', () => {
    expect(looksSensitive({ name: 'num', label: 'Card', value: '4242 4242 4242 4242' })).toBe('card');
    expect(looksSensitive({ name: 'field7', value: '4111-1111-1111-1111' })).toBe('card');
    expect(looksSensitive({ name: 'x', placeholder: '4242 4242 4242 4242' })).toBe('card');
  });

  it('a 16-digit order number that fails Luhn, and a phone number, are not', () => {
    expect(looksSensitive({ name: 'order', label: 'Order number', value: '4242 4242 4242 4241' })).toBeUndefined();
    expect(looksSensitive({ name: 'ref', label: 'Reference', value: '1234567890123456' })).toBeUndefined();
    expect(looksSensitive({ name: 'phone', label: 'Phone', value: '+49 170 1234567' })).toBeUndefined();
    expect(looksSensitive({ name: 'phone', label: 'Telefon', value: '0170 12345678' })).toBeUndefined();
  });

  it('4 to 8 digits in a field whose name or label says code, verification or security is a one-time code', () => {
    expect(looksSensitive({ label: 'Code', value: '482913' })).toBe('one-time-code');
    expect(looksSensitive({ name: 'verify', value: '123 456' })).toBe('one-time-code');
    expect(looksSensitive({ placeholder: 'Enter the code we sent', value: '4829' })).toBe('one-time-code');
    expect(looksSensitive({ label: 'Code', value: '12345678' })).toBe('one-time-code');
    expect(looksSensitive({ label: 'コード', value: '482913' })).toBe('one-time-code');
    expect(looksSensitive({ label: '代码', value: '482913' })).toBe('one-time-code');
    // Empty, too short or too long, or letters: not a code (yet).
    expect(looksSensitive({ label: 'Code', value: '' })).toBeUndefined();
    expect(looksSensitive({ label: 'Code', value: '123' })).toBeUndefined();
    expect(looksSensitive({ label: 'Code', value: '123456789' })).toBeUndefined();
    expect(looksSensitive({ label: 'Code', value: 'SAVE10' })).toBeUndefined();
  });

  it('postal, zip, promo and country codes, phone numbers and quantities with digits are not one-time codes', () => {
    expect(looksSensitive({ label: 'Postal code', value: '10115' })).toBeUndefined();
    expect(looksSensitive({ name: 'zip_code', value: '94103' })).toBeUndefined();
    expect(looksSensitive({ label: 'Promo code', value: '2024' })).toBeUndefined();
    expect(looksSensitive({ label: 'Postleitzahl', value: '10115' })).toBeUndefined();
    expect(looksSensitive({ label: '郵便番号', value: '1000001' })).toBeUndefined();
    expect(looksSensitive({ label: '邮政编码', value: '100000' })).toBeUndefined();
    expect(looksSensitive({ label: '电话号码', value: '12345678' })).toBeUndefined();
    expect(looksSensitive({ label: 'Quantity', value: '1234' })).toBeUndefined();
    expect(looksSensitive({ label: 'Year', value: '2024' })).toBeUndefined();
  });
});
