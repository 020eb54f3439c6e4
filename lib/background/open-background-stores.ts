/** The worker's stores, opened once: the conversation, provider and settings stores, and the agent's journal and stores. */
import { openAgentDb } from '../agent/agent-db';
import {
  createIdbDeniedSites,
  createIdbLatencyStore,
  createIdbMemoryStore,
  createIdbSitePolicyStore,
} from '../agent/idb-agent-stores';
import { createIdbRunJournal } from '../agent/idb-run-journal';
import { createProviderStore } from '../providers/provider-store';
import { createConversationStore } from '../storage/conversation-store';
import { openTabwiseDb } from '../storage/db';
import { createSettingsStore } from '../storage/settings-store';
import { userLanguages } from './user-languages';

export type BackgroundStores = ReturnType<typeof openBackgroundStores>;

/** Opens both databases; every store is a promise, so listeners can be registered before IndexedDB has opened. */
export function openBackgroundStores({ now, generateId }: { now(): number; generateId(): string }) {
  const tabwiseDb = openTabwiseDb();
  const stores = tabwiseDb.then((db) => ({
    conversations: createConversationStore(db),
    providers: createProviderStore(db, { now, generateId }),
    settings: createSettingsStore(db),
  }));
  const agentDb = openAgentDb();
  const agentStores = agentDb.then((db) => ({
    journal: createIdbRunJournal(db),
    memory: createIdbMemoryStore(db, userLanguages()),
    sitePolicies: createIdbSitePolicyStore(db, now),
    deniedSites: createIdbDeniedSites(db, now),
    latency: createIdbLatencyStore(db),
  }));
  return {
    tabwiseDb,
    agentDb,
    agentStores,
    providers: stores.then((s) => s.providers),
    settings: stores.then((s) => s.settings),
    conversations: stores.then((s) => s.conversations),
    journal: agentStores.then((s) => s.journal),
  };
}
