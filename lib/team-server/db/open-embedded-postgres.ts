/**
 * PGlite (Postgres compiled to WebAssembly, with pgvector) served on a loopback port by pglite-socket, so the
 * server talks to it through the same driver and wire protocol as to any PostgreSQL.
 *
 * PGlite is ONE Postgres session. pglite-socket can multiplex several client connections onto it, but they then
 * share that session (SET ROLE, set_config, prepared statements, the open transaction) and its scheduler is known
 * to interleave extended-protocol batches and to deadlock when a second connection queries while the first holds
 * a transaction open (electric-sql/pglite issues 985 and 1046). Row-level security here depends on per-transaction
 * settings, so the socket accepts exactly one connection and the server's pool holds exactly one: requests queue
 * in the pool, and each transaction runs alone.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A running embedded Postgres. */
export interface EmbeddedPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (PGlite has no authentication: it listens on loopback only). */
  connectionString: string;
  /** The one connection the socket serves. */
  maxConnections: 1;
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the database in `dataDir`, or an in-memory one for `memory://`, with a page cache of
 * `cacheMb` MiB (Postgres `shared_buffers`; absent: PGlite's 128). A page outside the cache is copied in from
 * PGlite's file system on every read: at 100,000 chunks (463 MB with their indexes) the default cache held about a
 * quarter of what searches touch, and a search read ~300-1,200 pages, 10.3 ms against 7.6 ms with all of it cached.
 * The cache is allocated when the database opens (the process's memory grows by it at once).
 */
export async function openEmbeddedPostgres(dataDir: string, cacheMb?: number): Promise<EmbeddedPostgres> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  if (cacheMb !== undefined && (!Number.isInteger(cacheMb) || cacheMb < 16))
    throw new RangeError(`bad cache ${cacheMb}`);
  const db = await PGlite.create({
    dataDir,
    extensions: { vector },
    // A start parameter, not `postgresqlconf`: that option rewrites the folder's postgresql.conf whole.
    ...(cacheMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheMb}MB`] } : {}),
  });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    connectionString: `postgres://postgres@${server.getServerConn()}/postgres`,
    maxConnections: 1,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
