/**
 * Model comparisons in their own IndexedDB database (like the task store), so adding them needs no migration of
 * the main one. Every record is checked with the schema on read: a corrupt one is skipped and counted, never
 * shown as a result and never resumed.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { comparisonSchema, type Comparison } from '../core/eval-comparison';

interface EvalDb extends DBSchema {
  comparisons: { key: string; value: Comparison };
}

export const EVAL_DB = 'tabwise-evals';

const migrations: Array<(db: IDBPDatabase<EvalDb>) => void> = [
  (db) => void db.createObjectStore('comparisons', { keyPath: 'id' }),
];

export interface ComparisonList {
  /** Newest first. */
  comparisons: Comparison[];
  skipped: number;
}

export interface EvalStore {
  list(): Promise<ComparisonList>;
  get(id: string): Promise<Comparison | undefined>;
  put(comparison: Comparison): Promise<void>;
  /** Writes all of them in one transaction (an import): each checked first, so a bad one writes none. */
  putAll(comparisons: readonly Comparison[]): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

export function openEvalStore(name = EVAL_DB): EvalStore {
  let opened: Promise<IDBPDatabase<EvalDb>> | undefined;
  const db = () =>
    (opened ??= openDB<EvalDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
    }));
  const checked = (value: unknown) => {
    const parsed = comparisonSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    async list() {
      const all: unknown[] = await (await db()).getAll('comparisons');
      const comparisons = all.flatMap((v) => checked(v) ?? []);
      comparisons.sort((a, b) => b.createdAt - a.createdAt);
      return { comparisons, skipped: all.length - comparisons.length };
    },
    async get(id) {
      return checked(await (await db()).get('comparisons', id));
    },
    async put(comparison) {
      await (await db()).put('comparisons', comparisonSchema.parse(comparison));
    },
    async putAll(comparisons) {
      const checkedAll = comparisons.map((c) => comparisonSchema.parse(c));
      const tx = (await db()).transaction('comparisons', 'readwrite');
      await Promise.all([...checkedAll.map((c) => tx.store.put(c)), tx.done]);
    },
    async delete(id) {
      await (await db()).delete('comparisons', id);
    },
    async clear() {
      await (await db()).clear('comparisons');
    },
  };
}
