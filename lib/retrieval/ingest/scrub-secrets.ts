/** Replaces secrets in captured text before it is chunked, embedded or stored. */

/** What a scrubbed secret becomes. */
export const SECRET_MARKER = '[redacted]';

/** Luhn checksum over the digits of `s` (non-digits ignored). */
export function passesLuhn(s: string): boolean {
  const digits = s.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

// Each rule is a pattern and, optionally, a check that keeps false positives (prices, dates, hashes of
// public content) down to what a reader would also call a secret.
const RULES: Array<{ re: RegExp; keep?: (m: string) => boolean }> = [
  // Payment card numbers: 13-19 digits, optionally grouped by spaces or dashes, Luhn-valid.
  { re: /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g, keep: (m) => !passesLuhn(m) },
  // IBAN: country code, 2 check digits, 11-30 alphanumerics, optionally grouped in fours.
  { re: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g },
  // US social security numbers.
  { re: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g },
  // Vendor API keys with well-known prefixes (OpenAI, Anthropic, GitHub, Slack, AWS, Google, Stripe).
  {
    re: /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,})\b/g,
  },
  // Bearer tokens and JWTs.
  { re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g },
  { re: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{20,}=*/g },
  // Long hex (≥ 32) and base64-ish (≥ 40, mixing letters and digits) runs: keys, secrets, session ids.
  { re: /\b[a-fA-F0-9]{32,}\b/g },
  { re: /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/_-])/g, keep: (m) => !(/\d/.test(m) && /[a-z]/.test(m) && /[A-Z]/.test(m)) },
];

/** Replaces card numbers, IBANs, SSNs, API keys, tokens and long secret-looking strings with SECRET_MARKER. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const { re, keep } of RULES) {
    out = out.replace(re, (m: string, prefix?: unknown) => {
      if (keep?.(m)) return m;
      // The Bearer rule keeps its "Bearer " prefix so the sentence still reads.
      return typeof prefix === 'string' && /^Bearer/.test(prefix) ? prefix + SECRET_MARKER : SECRET_MARKER;
    });
  }
  return out;
}
