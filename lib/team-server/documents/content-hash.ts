/**
 * What makes two uploads the same document: the same passages (Unicode-normalised), whatever their title or
 * source. SHA-256 as hex, so a client can compute it too.
 */
import { createHash } from 'node:crypto';

export function documentContentHash(passages: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of passages) {
    const bytes = Buffer.from(p.normalize('NFC'), 'utf8');
    // Length-prefixed, so ['ab', 'c'] and ['a', 'bc'] differ.
    h.update(`${bytes.length}:`);
    h.update(bytes);
  }
  return h.digest('hex');
}
