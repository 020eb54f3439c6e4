/** Provider instances. Keys go in encrypted and come out only through `getApiKey`, in the background. */
import type { Db } from '../storage/db';
import { decryptSecret, encryptSecret } from '../storage/secrets';
import type { ProviderInput } from '../core/provider-config';
import type { ProviderRecord, ProviderView } from '../core/provider-record';
import { nextCreatedAt } from '../util/next-created-at';

export interface ProviderStore {
  list(): Promise<ProviderView[]>;
  get(id: string): Promise<ProviderView | undefined>;
  save(input: ProviderInput): Promise<ProviderView>;
  delete(id: string): Promise<void>;
  getApiKey(id: string): Promise<string | undefined>;
}

export function toProviderView({ apiKey, ...rest }: ProviderRecord): ProviderView {
  return { ...rest, hasKey: !!apiKey };
}

/**
 * The worker is the only writer (every change comes through `save` and `delete` here), so what it has read
 * stays true until it writes: a message's request does not wait on IndexedDB for its provider and key.
 */
export function createProviderStore(db: Db, deps: { now: () => number; generateId: () => string }): ProviderStore {
  let records: Promise<Map<string, ProviderRecord>> | undefined;
  const keys = new Map<string, Promise<string>>();
  const read = () =>
    (records ??= db.getAll('providers').then(
      (all) => new Map(all.map((r) => [r.id, r])),
      (error: unknown) => {
        records = undefined;
        throw error;
      },
    ));
  const forget = () => {
    records = undefined;
    keys.clear();
  };
  return {
    async list() {
      const all = [...(await read()).values()];
      return all.sort((a, b) => a.createdAt - b.createdAt).map(toProviderView);
    },
    async get(id) {
      const r = (await read()).get(id);
      return r && toProviderView(r);
    },
    async save(input) {
      const existing = input.id ? await db.get('providers', input.id) : undefined;
      if (input.id && !existing) throw new Error(`provider ${input.id} does not exist`);
      const record: ProviderRecord = {
        id: existing?.id ?? deps.generateId(),
        kind: input.kind,
        name: input.name,
        baseUrl: input.baseUrl,
        model: input.model,
        ...(input.apiVersion ? { apiVersion: input.apiVersion } : {}),
        ...(input.contextWindowTokens ? { contextWindowTokens: input.contextWindowTokens } : {}),
        ...(input.prices && Object.keys(input.prices).length ? { prices: input.prices } : {}),
        createdAt: existing?.createdAt ?? nextCreatedAt(deps.now(), await db.getAll('providers')),
        apiKey: existing?.apiKey,
        keyLast4: existing?.keyLast4,
      };
      if (input.apiKey === '') {
        delete record.apiKey;
        delete record.keyLast4;
      } else if (input.apiKey !== undefined) {
        record.apiKey = await encryptSecret(db, input.apiKey);
        record.keyLast4 = input.apiKey.slice(-4);
      }
      try {
        await db.put('providers', record);
      } finally {
        forget();
      }
      return toProviderView(record);
    },
    async delete(id) {
      try {
        await db.delete('providers', id);
      } finally {
        forget();
      }
    },
    async getApiKey(id) {
      const r = (await read()).get(id);
      if (!r?.apiKey) return undefined;
      let key = keys.get(id);
      if (!key) {
        key = decryptSecret(db, r.apiKey);
        keys.set(id, key);
        key.catch(() => keys.delete(id));
      }
      return key;
    },
  };
}
