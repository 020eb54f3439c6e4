/** Replaces secrets in captured text (and in the URLs stored with it) before they are chunked, embedded or stored. */
import { CARD_SEPARATOR, isCardNumber } from '../../util/is-card-number';

/** What a scrubbed secret becomes. */
export const SECRET_MARKER = '[redacted]';

// The page's sensitive-field check and this scrubber call the same thing a card number (lib/util).
export { passesLuhn } from '../../util/passes-luhn';

/** ISO 13616 check: the country code and check digits moved to the end, letters as 10..35, mod 97 is 1. */
export function passesIbanCheck(s: string): boolean {
  const iban = s.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = (rest * (n > 9 ? 100 : 10) + n) % 97;
  }
  return rest === 1;
}

/** Up to three separators inside a card number. */
const SEP = `${CARD_SEPARATOR}{0,3}`;

/** Labels after which the next word is a secret value ("password: hunter2", "api_key=..."). */
const SECRET_LABEL = String.raw`(?:pass(?:word|wd|phrase|code)?|pwd|pin|secret|api[ _-]?key|access[ _-]?key|private[ _-]?key|client[ _-]?secret|auth[ _-]?token|access[ _-]?token|refresh[ _-]?token|token)`;

/** The same words in the UI's other languages (Japanese, Chinese), which \b cannot bound. */
const OTP_CONTEXT_CJK =
  '(?:確認コード|認証コード|認証番号|確認番号|ワンタイムパスワード|セキュリティコード|验证码|校验码|动态码|动态密码|确认码|认证码|安全码)';

/** Words that make a nearby short number a one-time code rather than a quantity (English and German; CJK above). */
const OTP_CONTEXT = String.raw`(?:\b(?:(?:one[ -]?time|verification|security|confirmation|login|sign[ -]?in|auth(?:entication|orization)?|access|2fa|mfa)\s*(?:code|pin|number)|otp|passcode|2fa|mfa|(?:best[äa]tigungs|verifizierungs|sicherheits|anmelde|einmal)-?(?:code|pin|passwort|kennwort)|(?:m|push|sms|chip|photo)?tan\b)|${OTP_CONTEXT_CJK})`;

// Each rule is a pattern and, optionally, a check that keeps false positives (prices, dates, hashes of
// public content) down to what a reader would also call a secret. A rule whose pattern has a first capture
// group keeps that group (the label) and redacts the rest of the match.
const RULES: Array<{ re: RegExp; keep?: (m: string, label?: string) => boolean }> = [
  // A value after a secret label: "password: hunter2", "api_key=abc", "the PIN is 1234". A plain word after
  // the label ("password: required", "the token is valid") is prose, not a secret, and stays.
  {
    re: new RegExp(
      String.raw`(\b${SECRET_LABEL}\s*[:=]\s*|\b${SECRET_LABEL}\s+is\s+)["'\u2018\u201c]?[^\s"'\u2019\u201d<>]{3,}`,
      'gi',
    ),
    keep: (m, label = '') => /^["'\u2018\u201c]?[A-Za-z][a-z]*[.,;:!?]?$/.test(m.slice(label.length)),
  },
  // One-time codes in context: "verification code: 482913", "your OTP is 1234", "2FA code 123 456".
  {
    re: new RegExp(
      String.raw`(${OTP_CONTEXT}\s*(?:is|ist|lautet|:|：|=|-|は|是|为|為)?\s*)\d{3,4}(?:[ -]?\d{2,4})?\b`,
      'gi',
    ),
  },
  // Payment card numbers: 13-19 digits, with any separators, Luhn-valid.
  { re: new RegExp(String.raw`(?<![\d-])\d(?:${SEP}\d){12,18}(?![\d])`, 'g'), keep: (m) => !isCardNumber(m) },
  // IBAN: country code, 2 check digits, 11-30 alphanumerics, in any case, grouped or not; mod-97 valid.
  {
    re: /\b[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,4})?\b/g,
    keep: (m) => !passesIbanCheck(m),
  },
  // US social security numbers, with dashes, spaces or dots, and nine bare digits after an SSN label.
  { re: /\b(?!000|666|9\d\d)\d{3}([- .])(?!00)\d{2}\1(?!0000)\d{4}\b/g },
  { re: /(\b(?:SSN|social security(?: number| no\.?)?)\s*(?:#|:|is)?\s*)\d{9}\b/gi },
  // Vendor API keys and tokens with well-known prefixes.
  {
    re: /\b(?:sk-(?:ant-(?:api\d\d-)?|proj-|svcacct-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|glpat-[A-Za-z0-9_-]{20,}|xox[abeprs]-[A-Za-z0-9-]{10,}|xapp-[A-Za-z0-9-]{10,}|A(?:KIA|SIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|ya29\.[0-9A-Za-z_-]{20,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{20,}|npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_-]{40,}|hf_[A-Za-z0-9]{30,}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|dop_v1_[a-f0-9]{64}|sq0(?:atp|csp)-[0-9A-Za-z_-]{22,})/g,
  },
  // Bearer tokens and JWTs.
  { re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g },
  { re: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{20,}=*/g },
  // Long hex (≥ 32) and base64-ish (≥ 40, mixing letters and digits) runs: keys, secrets, session ids.
  { re: /\b[a-fA-F0-9]{32,}\b/g },
  {
    re: /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/_-])/g,
    keep: (m) => !(/\d/.test(m) && /[a-z]/.test(m) && /[A-Z]/.test(m)),
  },
];

/**
 * Replaces card numbers, IBANs, SSNs, one-time codes, labelled passwords and keys, vendor tokens and long
 * secret-looking strings with SECRET_MARKER.
 */
export function scrubSecrets(text: string): string {
  // Captured pages arrive as Markdown, whose converter escapes every underscore (api\_key, sk\_live\_…), which
  // hid labels and vendor prefixes from the rules below; the index keeps the plain underscore.
  let out = text.replace(/\\_/g, '_');
  for (const { re, keep } of RULES) {
    out = out.replace(re, (m: string, group?: unknown) => {
      const label = typeof group === 'string' && m.startsWith(group) ? group : undefined;
      if (keep?.(m, label)) return m;
      // A rule with a label group keeps the label, so the sentence still reads ("password: [redacted]").
      return label && label.length > 1 ? label + SECRET_MARKER : SECRET_MARKER;
    });
  }
  return out;
}

/** Query and fragment parameters whose values are credentials whatever they look like. */
const SECRET_PARAM =
  /^(?:.*token|.*secret|.*password|passwd|pwd|code|state|nonce|key|api[_-]?key|apikey|auth|authorization|sig|signature|session(?:id)?|sid|jwt|otp|x-amz-(?:signature|credential|security-token)|x-goog-(?:signature|credential))$/i;

/**
 * A URL as it may be stored: values of credential-named query (and fragment) parameters are replaced, and
 * any other value the text rules would redact is too. The path and host are kept, so the page is still the page.
 */
export function scrubUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return scrubSecrets(url);
  }
  parsed.username = '';
  parsed.password = '';
  const scrubParams = (params: URLSearchParams): boolean => {
    let changed = false;
    for (const [name, value] of [...params]) {
      const next = SECRET_PARAM.test(name) && value ? SECRET_MARKER : scrubSecrets(value);
      if (next !== value) {
        params.set(name, next);
        changed = true;
      }
    }
    return changed;
  };
  if (scrubParams(parsed.searchParams)) parsed.search = parsed.searchParams.toString();
  // Fragments of the form #a=b&c=d carry OAuth implicit-flow tokens; other fragments are routes or anchors.
  const hash = parsed.hash.slice(1);
  if (/^[^/]*=/.test(hash)) {
    const params = new URLSearchParams(hash);
    if (scrubParams(params)) parsed.hash = params.toString();
  }
  return parsed.href;
}
