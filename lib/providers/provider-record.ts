/** A provider instance as stored: its config plus identity and the encrypted key (never sent to a page). */
import type { EncryptedSecret } from '../storage/records';
import type { ProviderConfig } from './provider-config';

export interface ProviderRecord extends ProviderConfig {
  id: string;
  apiKey?: EncryptedSecret;
  /** The last 4 characters of the key: all the UI ever shows of it. */
  keyLast4?: string;
  createdAt: number;
}

/** What leaves the background about a provider: never the key. */
export type ProviderView = Omit<ProviderRecord, 'apiKey'> & { hasKey: boolean };

// The main database's `providers` store holds these records. Storage sits below this folder and cannot name
// the type, so the store is added to its schema here (module augmentation of the `TabwiseDb` interface).
declare module '../storage/db' {
  interface TabwiseDb {
    providers: { key: string; value: ProviderRecord };
  }
}
