/**
 * An embedded Postgres on disk that a test can restart under a running server: PGlite in a temporary folder,
 * served by pglite-socket on a fixed loopback port, stopped and opened again from the same folder on that port.
 * The server reaches it with DATABASE_URL, as it would reach a managed Postgres that restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface RestartableDatabase {
  url: string;
  /**
   * Stops the database (open connections are cut), calls `whileDown`, waits `downMs`, and opens it again from its
   * folder.
   */
  restart(downMs?: number, whileDown?: () => void): Promise<void>;
  close(): Promise<void>;
}

export async function startRestartableDatabase(): Promise<RestartableDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'tabwise-restart-'));
  let port = 0;
  let db: PGlite;
  let socket: PGLiteSocketServer;
  const open = async () => {
    db = await PGlite.create({ dataDir: dir, extensions: { vector } });
    socket = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
    await socket.start();
    port = Number(socket.getServerConn().split(':').pop());
  };
  const stop = async () => {
    await socket.stop();
    await db.close();
  };
  await open();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs = 1000, whileDown = () => {}) {
      await stop();
      whileDown();
      await new Promise((r) => setTimeout(r, downMs));
      await open();
    },
    async close() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
