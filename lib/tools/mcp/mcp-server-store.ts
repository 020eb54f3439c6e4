/**
 * The MCP servers the user added, in their own IndexedDB database ('tabwise-mcp'), so this feature adds no
 * migration to the main one. Headers are stored encrypted with the same key as provider API keys.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EncryptedSecret } from '../../core/encrypted-secret';
import type { McpServerRecord } from './mcp-server-record';

interface McpDb extends DBSchema {
  servers: { key: string; value: McpServerRecord };
}

export interface SecretBox {
  encrypt(plain: string): Promise<EncryptedSecret>;
  decrypt(secret: EncryptedSecret): Promise<string>;
}

export interface McpServerStore {
  list(): Promise<McpServerRecord[]>;
  get(id: string): Promise<McpServerRecord | undefined>;
  put(record: McpServerRecord): Promise<void>;
  delete(id: string): Promise<void>;
  /** The decrypted headers of a server (the background only; never sent to a page). */
  headersOf(record: McpServerRecord): Promise<Record<string, string>>;
  sealHeaders(headers: Record<string, string>): Promise<EncryptedSecret>;
}

export const MCP_DB_NAME = 'tabwise-mcp';

export async function openMcpDb(name = MCP_DB_NAME): Promise<IDBPDatabase<McpDb>> {
  return openDB<McpDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('servers', { keyPath: 'id' });
    },
  });
}

const isHeaderMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** Servers in the order they were added: by creation time, then (for records older than nextCreatedAt) by id, as IndexedDB gives them. */
const byCreation = (records: McpServerRecord[]) =>
  records.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function openHeaders(record: McpServerRecord, secrets: SecretBox): Promise<Record<string, string>> {
  if (!record.secretHeaders) return {};
  const parsed: unknown = JSON.parse(await secrets.decrypt(record.secretHeaders));
  if (!isHeaderMap(parsed)) throw new Error('stored MCP headers are not a header map');
  return parsed;
}

export function createMcpServerStore(db: Promise<IDBPDatabase<McpDb>>, secrets: SecretBox): McpServerStore {
  return {
    list: async () => byCreation(await (await db).getAll('servers')),
    get: async (id) => (await db).get('servers', id),
    put: async (record) => void (await (await db).put('servers', record)),
    delete: async (id) => (await db).delete('servers', id),
    headersOf: (record) => openHeaders(record, secrets),
    sealHeaders: (headers) => secrets.encrypt(JSON.stringify(headers)),
  };
}

/** An in-memory store for tests, ordered and checked as the real one (secrets "sealed" as plain bytes: there is
 * nothing to protect in a test). */
export function createMemoryMcpServerStore(): McpServerStore {
  const servers = new Map<string, McpServerRecord>();
  const box: SecretBox = {
    encrypt: async (plain) => ({ iv: new Uint8Array(12), data: new TextEncoder().encode(plain).buffer }),
    decrypt: async (s) => new TextDecoder().decode(s.data),
  };
  return {
    list: async () => byCreation([...servers.values()].map((s) => structuredClone(s))),
    get: async (id) => structuredClone(servers.get(id)),
    put: async (r) => void servers.set(r.id, structuredClone(r)),
    delete: async (id) => void servers.delete(id),
    headersOf: (r) => openHeaders(r, box),
    sealHeaders: (h) => box.encrypt(JSON.stringify(h)),
  };
}
