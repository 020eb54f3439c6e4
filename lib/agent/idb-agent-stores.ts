/** The idb-backed memory, site-policy, denied-site and latency stores, in the 'tabwise-agent' database. */
import type { IDBPDatabase } from 'idb';
import { rankMemories, type MemoryStore } from '../tools/memory-store';
import { readStoredGrant, sortGrants, type SiteGrant, type SitePolicyStore } from '../tools/site-policy-store';
import type { AgentDb } from './agent-db';
import { standsDenied, type DeniedSite, type DeniedSitesStore } from './denied-sites';
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

/** The sites denied in runs, read from the journal's approvals; removing one marks its approval record. */
export function createIdbDeniedSites(db: IDBPDatabase<AgentDb>, now: () => number = Date.now): DeniedSitesStore {
  return {
    async list() {
      const tx = db.transaction(['approvals', 'runs'], 'readonly');
      const denied: DeniedSite[] = [];
      for (let c = await tx.objectStore('approvals').openCursor(); c; c = await c.continue()) {
        const a = c.value;
        if (!standsDenied(a)) continue;
        const run = await tx.objectStore('runs').get(a.runId);
        if (!run) continue;
        denied.push({
          runId: a.runId,
          toolCallId: a.toolCallId,
          conversationId: run.conversationId,
          site: a.site,
          toolName: a.toolName,
          deniedAt: a.resolvedAt ?? a.requestedAt,
        });
      }
      await tx.done;
      return denied.sort((x, y) => y.deniedAt - x.deniedAt);
    },
    async remove(runId, toolCallId) {
      const tx = db.transaction('approvals', 'readwrite');
      const a = await tx.store.get([runId, toolCallId]);
      const standing = !!a && standsDenied(a);
      if (standing) await tx.store.put({ ...a, denialRemovedAt: now() });
      await tx.done;
      return standing;
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
