import { isCardNumber } from '../util/is-card-number';

/** Why a field is a secret: what the snapshot leaves out, the writers refuse and the screenshot paints over. */
export type SensitiveKind = 'password' | 'card' | 'one-time-code';

/** What a page says about one field, as plain text (the DOM is read by isSensitiveField). */
export interface FieldClues {
  /** The input's type attribute (`password` is a secret whatever else it says). */
  type?: string;
  autocomplete?: string;
  name?: string;
  id?: string;
  /** The label a person reads (not a nearby text, which anyone can put next to a field). */
  label?: string;
  placeholder?: string;
  /** The value the field holds now. */
  value?: string;
}

/**
 * Names, ids and labels that give away a payment card, in English and the UI's other languages (German,
 * Japanese, Chinese). A card's expiry reads MM/YY; a date field's dd/mm/yyyy holds the same letters and is not one.
 */
const CARD = new RegExp(
  [
    String.raw`card.?(num|no\b|number)|cc.?(num|number|no\b)|credit.?card|\bcvc|\bcvv|\bcvn\b|\bcsc\b|security.?code|card.?verif|card.?exp|exp(iry|iration)?.?(date|month|year|mm|yy)|(?<!\bdd\s*[/.-]\s*)\bmm\s*\/\s*yy`,
    String.raw`karten.?(nummer|nr\b)|kredit.?karte|karten.?pr[üu]f|pr[üu]f.?(nummer|ziffer)|sicherheits.?code|ablauf.?datum|g[üu]ltig.?bis`,
    'カード番号|クレジットカード|セキュリティ.?コード|有効期限|卡号|信用卡|银行卡|储蓄卡|安全码|有效期',
  ].join('|'),
  'i',
);

/** Words that make a field a one-time code's whatever it holds. */
const ONE_TIME = new RegExp(
  [
    String.raw`\botp\b|one.?time|2fa|\btotp\b|verification.?code|mfa|auth(entication)?.?code|passcode|two.?factor`,
    String.raw`einmal.?(passwort|kennwort|code|pin)|best[äa]tigungs.?code|verifizierungs.?code|zwei.?faktor|\b(m|push|sms|chip|photo)?tan\b`,
    'ワンタイム|確認コード|認証コード|認証番号|確認番号|(二|2)段階認証|验证码|校验码|动态码|动态密码|一次性密码|确认码|认证码|两步验证|双重验证',
  ].join('|'),
  'i',
);

const PASSWORD = /pass.?word|passwd|\bpwd\b|\bpin\b|passwort|kennwort|geheimzahl|パスワード|暗証番号|密码/i;

/**
 * Words that make a field a one-time code only when it holds one (4 to 8 digits): "Code", "Verification",
 * "Security". A postal, promo or country code says what it is and is not one.
 */
const CODE_WORD = /code|verif|\bsecurity\b|\btoken\b|コード|(?<![号编])码/i;
const NOT_A_SECRET_CODE =
  /(post(al)?|zip|area|country|promo(tion)?|coupon|discount|voucher|gift|referral|invite|product|tracking|dial|sort|branch|swift|bic|currency|language|colou?r|bar|qr|source)\s*code|postleitzahl|\bplz\b|gutschein|rabatt|郵便番号|クーポン|邮编|邮政编码|区号|优惠码|折扣码|邀请码/i;

/** 4 to 8 digits, perhaps split once by a space or a dash ("123 456"): how a one-time code is written. */
const CODE_VALUE = /^\d{2,4}[ -]?\d{2,4}$/;

/**
 * Whether a field holds a secret the model must never see or write, and which: a password, a payment card
 * (autocomplete cc-*, a name or label that says card number, CVC or expiry, or a Luhn-valid card number as its
 * value or placeholder), a one-time code (autocomplete one-time-code, a name or label that says so, or 4 to 8
 * digits in a field whose name or label says code, verification or security). Pure, so the snapshot, the
 * writers and the screenshot masks judge a field alike.
 */
export function looksSensitive(clues: FieldClues): SensitiveKind | undefined {
  if ((clues.type ?? '').toLowerCase() === 'password') return 'password';
  const autocomplete = (clues.autocomplete ?? '').toLowerCase();
  if (/\bcc-/.test(autocomplete)) return 'card';
  if (/one-time-code/.test(autocomplete)) return 'one-time-code';
  if (/current-password|new-password/.test(autocomplete)) return 'password';
  const words = [clues.name, clues.id, clues.label, clues.placeholder].filter(Boolean).join(' ').replace(/[_-]/g, ' ');
  if (CARD.test(words)) return 'card';
  if (ONE_TIME.test(words)) return 'one-time-code';
  if (PASSWORD.test(words)) return 'password';
  const value = (clues.value ?? '').trim();
  if (isCardNumber(value) || isCardNumber(clues.placeholder ?? '')) return 'card';
  if (
    CODE_VALUE.test(value) &&
    value.replace(/\D/g, '').length >= 4 &&
    CODE_WORD.test(words) &&
    !NOT_A_SECRET_CODE.test(words)
  )
    return 'one-time-code';
  return undefined;
}
