/**
 * API keys at rest: AES-GCM under a non-extractable CryptoKey that lives in IndexedDB (structured-cloneable,
 * but its bytes can never be read back out, not even by the extension). Only the background calls this.
 */
import type { Db } from './db';
import type { EncryptedSecret } from '../core/encrypted-secret';

const KEY_ID = 'api-keys-v1';

async function getOrCreateKey(db: Db): Promise<CryptoKey> {
  const existing = await db.get('keys', KEY_ID);
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  // Another context may have raced us; keep whichever was stored first.
  const tx = db.transaction('keys', 'readwrite');
  const raced = await tx.store.get(KEY_ID);
  if (raced) {
    await tx.done;
    return raced;
  }
  await tx.store.put(key, KEY_ID);
  await tx.done;
  return key;
}

/** Encrypts a secret with a fresh 96-bit IV. */
export async function encryptSecret(db: Db, plaintext: string): Promise<EncryptedSecret> {
  const key = await getOrCreateKey(db);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext));
  return { iv, data };
}

/** Decrypts a secret; throws if the ciphertext was tampered with or the key is gone. */
export async function decryptSecret(db: Db, secret: EncryptedSecret): Promise<string> {
  const key = await getOrCreateKey(db);
  const iv = new Uint8Array(secret.iv);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, secret.data);
  return new TextDecoder().decode(plain);
}
