/** A provider instance as stored: its config plus identity and the encrypted key (never sent to a page). */
import type { EncryptedSecret } from './encrypted-secret';
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
