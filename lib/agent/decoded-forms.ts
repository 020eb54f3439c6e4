/**
 * Every reading of a text that its receiver could decode: as written, URL-decoded (repeatedly), with HTML
 * character references resolved, and with each base64, base64url or hex token decoded when it decodes to
 * readable text. The egress gate compares all of them, so encoding read data before sending it does not hide it.
 */

/** Decoding stops here: a value encoded more often than this is compared as far as it was decoded. */
const MAX_ROUNDS = 3;
/** Tokens shorter than this are words, not encoded data (8 base64 characters carry 6 bytes). */
const MIN_ENCODED_CHARS = 8;
/** Only so many tokens of one text are decoded (a whole page is compared by its start). */
const MAX_TOKENS = 2000;

/** Standard base64 (which may hold `/`) and base64url (which is often a path segment of its own). */
const BASE64_TOKEN = /[A-Za-z0-9+/]{8,}={0,2}/g;
const BASE64URL_TOKEN = /[A-Za-z0-9_-]{8,}/g;
const HEX_TOKEN = /\b(?:[0-9a-fA-F]{2}){4,}\b/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `text` with `&#83;`, `&#x53;` and the common named references resolved. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});?/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** `text` URL-decoded once (`+` as a space); undefined when nothing changed or an escape is malformed. */
function urlDecodeOnce(text: string): string | undefined {
  if (!/%[0-9a-f]{2}|\+/i.test(text)) return undefined;
  try {
    const out = decodeURIComponent(text.replace(/\+/g, ' '));
    return out === text ? undefined : out;
  } catch (error) {
    void error; // a stray %: decode the well-formed escapes one by one
    const out = text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch (inner) {
        void inner; // an incomplete UTF-8 sequence stays as written
        return run;
      }
    });
    return out === text ? undefined : out;
  }
}

/** Bytes as text, when they are readable UTF-8 (mostly letters, digits, punctuation and spaces). */
function readable(bytes: Uint8Array): string | undefined {
  if (bytes.length < 4) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    void error; // not UTF-8: binary, not a disguised text
    return undefined;
  }
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{S} ]/gu)?.length ?? 0;
  return printable >= text.length * 0.9 ? text : undefined;
}

/** A base64 or base64url token's text, if it is one. */
export function decodeBase64Token(token: string): string | undefined {
  const plain = token.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (plain.length < MIN_ENCODED_CHARS || plain.length % 4 === 1) return undefined;
  try {
    const binary = atob(plain + '='.repeat((4 - (plain.length % 4)) % 4));
    return readable(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch (error) {
    void error; // not base64 after all
    return undefined;
  }
}

/** A hex token's text, if it is one. */
export function decodeHexToken(token: string): string | undefined {
  if (token.length % 2 !== 0) return undefined;
  const bytes = new Uint8Array(token.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(token.slice(i * 2, i * 2 + 2), 16);
  return readable(bytes);
}

/** The decoded texts of the encoded-looking (base64, base64url, hex) tokens in `text`. */
export function decodedTokens(text: string): string[] {
  const out: string[] = [];
  const encoded = (token: string) =>
    /\d/.test(token) || /[+/=_-]/.test(token) || /[a-z].*[A-Z]|[A-Z].*[a-z].*[A-Z]/.test(token);
  const base64 = [...(text.match(BASE64_TOKEN) ?? []), ...(text.match(BASE64URL_TOKEN) ?? [])];
  const tokens = [...new Set(base64)]
    .filter(encoded)
    .slice(0, MAX_TOKENS)
    .concat((text.match(HEX_TOKEN) ?? []).slice(0, MAX_TOKENS));
  for (const token of tokens) {
    const decoded = (/^[0-9a-f]+$/i.test(token) ? decodeHexToken(token) : undefined) ?? decodeBase64Token(token);
    if (decoded) out.push(decoded);
  }
  return out;
}

/** `text` and every decoded reading of it, the text first, without repeats. */
export function decodedForms(text: string): string[] {
  const forms = new Set<string>([text]);
  let frontier = [text];
  for (let round = 0; round < MAX_ROUNDS && frontier.length; round++) {
    const next: string[] = [];
    for (const form of frontier) {
      const candidates = [urlDecodeOnce(form), decodeHtmlEntities(form), ...decodedTokens(form)];
      for (const c of candidates) {
        if (c && !forms.has(c)) {
          forms.add(c);
          next.push(c);
        }
      }
    }
    frontier = next;
  }
  return [...forms];
}
