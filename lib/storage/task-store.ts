/**
 * Saved tasks in their own IndexedDB database (like the folder store), so adding them needs no migration of
 * the main one. Every record is checked with the schema on read: a corrupt one (another version, a bug, a hand
 * edit) is skipped and counted, never a crash and never run.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { savedTaskSchema, type SavedTask } from '../core/saved-task';

interface TaskDb extends DBSchema {
  tasks: { key: string; value: SavedTask; indexes: { byName: string } };
}

export const TASK_DB = 'tabwise-tasks';

const migrations: Array<(db: IDBPDatabase<TaskDb>) => void> = [
  (db) => db.createObjectStore('tasks', { keyPath: 'id' }).createIndex('byName', 'name'),
];

export interface TaskList {
  /** The readable tasks, by name. */
  tasks: SavedTask[];
  /** Records that did not pass the schema (left in place, not shown, not run). */
  skipped: number;
}

export interface TaskStore {
  list(): Promise<TaskList>;
  get(id: string): Promise<SavedTask | undefined>;
  getByName(name: string): Promise<SavedTask | undefined>;
  /** Adds or replaces by id (the caller checks that names stay unique). */
  put(task: SavedTask): Promise<void>;
  /** Writes all or none (one transaction): an import that fails half-way leaves what was here. */
  putAll(tasks: SavedTask[]): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

export function openTaskStore(name = TASK_DB): TaskStore {
  let opened: Promise<IDBPDatabase<TaskDb>> | undefined;
  const db = () =>
    (opened ??= openDB<TaskDb>(name, migrations.length, {
      upgrade(d, oldVersion) {
        for (let v = oldVersion; v < migrations.length; v++) migrations[v]!(d);
      },
    }));
  const checked = (value: unknown) => {
    const parsed = savedTaskSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    async list() {
      const all: unknown[] = await (await db()).getAll('tasks');
      const tasks = all.flatMap((v) => checked(v) ?? []);
      tasks.sort((a, b) => a.name.localeCompare(b.name));
      return { tasks, skipped: all.length - tasks.length };
    },
    async get(id) {
      return checked(await (await db()).get('tasks', id));
    },
    async getByName(taskName) {
      const found: unknown[] = await (await db()).getAllFromIndex('tasks', 'byName', taskName);
      return found.map(checked).find((t) => t !== undefined);
    },
    async put(task) {
      await (await db()).put('tasks', savedTaskSchema.parse(task));
    },
    async putAll(tasks) {
      // Every one checked before the transaction starts: a bad one writes none.
      const checkedAll = tasks.map((t) => savedTaskSchema.parse(t));
      const tx = (await db()).transaction('tasks', 'readwrite');
      await Promise.all([...checkedAll.map((t) => tx.store.put(t)), tx.done]);
    },
    async delete(id) {
      await (await db()).delete('tasks', id);
    },
    async clear() {
      await (await db()).clear('tasks');
    },
  };
}
