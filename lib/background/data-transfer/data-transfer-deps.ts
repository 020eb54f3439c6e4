/** What export and import read and write: the stores, as the composition root opens them. */
import type { ConversationStore } from '../../storage/conversation-store';
import type { SettingsStore } from '../../storage/settings-store';
import type { MemoryStore } from '../../tools/memory-store';
import type { Awaitable } from '../handlers/handler-set';

export interface DataTransferDeps {
  conversations: Awaitable<ConversationStore>;
  memory: Awaitable<MemoryStore>;
  settings: Awaitable<SettingsStore>;
  /** The provider ids that exist here: an imported default model applies only if its provider does. */
  providerIds(): Promise<string[]>;
  now(): number;
}
