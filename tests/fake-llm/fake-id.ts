import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id shaped like the vendors' (`chatcmpl-…`, `msg_01…`, `req_…`): a prefix and `length` base62 characters. */
export function fakeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
