/** The team server's one handle on Postgres: a pool of real driver connections, and how it was opened. */
import pg from 'pg';

/** Anything that runs a parameterised query: the pool, or one connection inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** An open database. */
export interface Database {
  /**
   * Connections as the login role, which owns the schema: migrations, the queue, token checks and operator
   * tasks. Requests never query through it directly: they go through `withCaller`, which drops to the
   * application role.
   */
  readonly pool: pg.Pool;
  readonly kind: 'embedded' | 'external';
  close(): Promise<void>;
}

/** Wraps a pool; `onClose` stops what the pool connects to (the embedded server). */
export function createDatabase(
  pool: pg.Pool,
  kind: Database['kind'],
  onClose: () => Promise<void> = async () => {},
): Database {
  // An idle connection that dies (the database restarted) must not crash the process: the pool replaces it.
  pool.on('error', (error) => console.warn(`team-server: idle database connection lost: ${error.message}`));
  // Nor may one that is checked out between two queries of a transaction (it emits 'error' with no query to fail):
  // its next query fails, the transaction rolls back, and the pool drops it.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.warn(`team-server: database connection lost: ${error.message}`)),
  );
  return {
    pool,
    kind,
    async close() {
      await pool.end();
      await onClose();
    },
  };
}
