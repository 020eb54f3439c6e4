/** A provider instance as stored: its config plus identity and the encrypted key (never sent to a page). */
import type { EncryptedSecret } from './encrypted-secret';
import type { ProviderConfig } from './provider-config';

export interface ProviderRecord extends ProviderConfig {
  id: string;
  apiKey?: EncryptedSecret;
  /** The last 4 characters of the key: all the UI ever shows of it. */
  keyLast4?: string;
  createdAt: number;
  /**
   * Set for a team's provider (issue 27): not stored here but listed by the team server, reached through its
   * pass-through with the member's team token; the team's key never leaves the server.
   */
  team?: { teamId: string; teamName: string; providerId: string };
}

/** What leaves the background about a provider: never the key. */
export type ProviderView = Omit<ProviderRecord, 'apiKey'> & { hasKey: boolean };
