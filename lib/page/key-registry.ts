/** Hands out unique keys in document order: the first "email" stays "email", the next is "email-2". */
export class KeyRegistry {
  readonly #used = new Set<string>();

  /** A unique key built from the first readable candidate, or `fallback`. */
  claim(candidates: (string | null | undefined)[], fallback: string): string {
    const base = candidates.map(readableKey).find(Boolean) || fallback;
    let key = base;
    for (let n = 2; this.#used.has(key); n++) key = `${base}-${n}`;
    this.#used.add(key);
    return key;
  }
}

/** Names and ids written by people ("email", "first_name", "user[email]"), not generated ones (":r1:", "input-8f3a2b19"). */
function readableKey(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  if (!text || text.length > 60) return '';
  if (/^:|^\d|[0-9a-f]{8,}|\d{4,}|^(react|vue|svelte|ember|ext|mui|mat|radix|headlessui)[-_:]/i.test(text)) return '';
  if (/^[A-Za-z][\w.-]*$/.test(text)) return text;
  if (/^[A-Za-z][\w.\-[\]]*$/.test(text)) return text.replace(/\]\[|\[|\]/g, '.').replace(/\.+$/, '');
  // Free text (a label): words in kebab case.
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .slice(0, 5);
  const slug = words.join('-').slice(0, 40).replace(/-+$/, '');
  return /^\p{L}/u.test(slug) ? slug : '';
}
