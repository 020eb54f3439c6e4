/** A secret as stored: AES-GCM ciphertext and its IV (lib/storage/secrets.ts); only the background decrypts it. */
export interface EncryptedSecret {
  iv: Uint8Array;
  data: ArrayBuffer;
}
