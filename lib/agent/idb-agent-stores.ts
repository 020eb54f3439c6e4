/** The idb-backed memory, site-policy and latency stores, in the 'tabwise-agent' database. */
import type { IDBPDatabase } from 'idb';
import { rankMemories, type MemoryStore } from '../tools/memory-store';
import { readStoredGrant, sortGrants, type SiteGrant, type SitePolicyStore } from '../tools/site-policy-store';
import type { AgentDb } from './agent-db';
import type { LatencyStore } from './latency-store';

/**
 * Memories in IndexedDB; search ranks in memory, fine for the few hundred memories a person keeps, with words
 * stemmed under the user's `languages` (BCP 47).
 */
export function createIdbMemoryStore(db: IDBPDatabase<AgentDb>, languages: readonly string[] = []): MemoryStore {
  return {
    async save(memory) {
      await db.put('memories', memory);
    },
    async search(query, limit) {
      return rankMemories(await db.getAll('memories'), query, limit, languages);
    },
    async delete(id) {
      const tx = db.transaction('memories', 'readwrite');
      const existed = (await tx.store.getKey(id)) !== undefined;
      if (existed) await tx.store.delete(id);
      await tx.done;
      return existed;
    },
    list: () => db.getAll('memories'),
  };
}

/** Per-site "always allow" grants in IndexedDB, each with when it was given (older records have no time). */
export function createIdbSitePolicyStore(db: IDBPDatabase<AgentDb>, now: () => number = Date.now): SitePolicyStore {
  return {
    async isAllowed(site, toolName) {
      return (await db.get('sitePolicies', [site, toolName])) !== undefined;
    },
    async allow(site, toolName, givenAt = now()) {
      await db.put('sitePolicies', { site, toolName, allowedAt: givenAt });
    },
    async revoke(site, toolName) {
      await db.delete('sitePolicies', [site, toolName]);
    },
    async list() {
      // Read record by record: one corrupt grant is skipped, the rest still list.
      const records: unknown[] = await db.getAll('sitePolicies');
      return sortGrants(
        records.flatMap((r): SiteGrant[] => {
          const g = readStoredGrant(r);
          return g ? [g] : [];
        }),
      );
    },
    async revokeAll() {
      const tx = db.transaction('sitePolicies', 'readwrite');
      const n = await tx.store.count();
      await tx.store.clear();
      await tx.done;
      return n;
    },
  };
}

/** Latency records in IndexedDB, pruned to the newest `capacity`. */
export function createIdbLatencyStore(db: IDBPDatabase<AgentDb>, capacity = 5000): LatencyStore {
  return {
    async add(record) {
      const tx = db.transaction('latency', 'readwrite');
      await tx.store.add(record);
      const count = await tx.store.count();
      if (count > capacity) {
        let cursor = await tx.store.openCursor();
        for (let extra = count - capacity; cursor && extra > 0; extra--) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
      }
      await tx.done;
    },
    list: (since = 0) => db.getAllFromIndex('latency', 'byAt', IDBKeyRange.lowerBound(since)),
  };
}
