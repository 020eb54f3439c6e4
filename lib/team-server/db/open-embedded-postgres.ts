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

/** Opens (creating if needed) the database in `dataDir`, or an in-memory one for `memory://`. */
export async function openEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions: { vector } });
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
