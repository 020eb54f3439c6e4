/**
 * Team providers' keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret
 * (`TEAM_SERVER_SECRET`), bound to the provider's team and id as additional data, so a sealed key copied onto
 * another row, or a database read without the secret, opens nothing. Layout: version (1) · iv (12) · tag (16) · text.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 1;
const INFO = 'tabwise team provider keys v1';

/** Seals and opens provider keys; made only when the server has a secret. */
export interface KeySealer {
  seal(plain: string, binding: { teamId: string; providerId: string }): Buffer;
  /** The key, or throws when the sealed bytes were changed, moved to another row, or sealed under another secret. */
  open(sealed: Buffer, binding: { teamId: string; providerId: string }): string;
}

const aad = (b: { teamId: string; providerId: string }) => Buffer.from(`${b.teamId}:${b.providerId}`, 'utf8');

export function createKeySealer(secret: string): KeySealer {
  if (secret.length < 32) throw new Error('TEAM_SERVER_SECRET must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
  return {
    seal(plain, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(binding));
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), text]);
    },
    open(sealed, binding) {
      if (sealed.length < 29 || sealed[0] !== VERSION) throw new Error('not a sealed provider key');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAAD(aad(binding));
      decipher.setAuthTag(sealed.subarray(13, 29));
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
    },
  };
}
