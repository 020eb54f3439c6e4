/**
 * Runs the migrations the database has not seen, each in its own transaction, under an advisory lock so
 * several instances starting at once apply each migration exactly once.
 */
import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations';

/** Any number: the lock only has to be the same for every instance of this server. */
const MIGRATION_LOCK = 726_726_001;

/** Applies what is missing; answers the versions applied now. Throws (and applies nothing more) on the first failure. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS tabwise');
    await client.query(`CREATE TABLE IF NOT EXISTS tabwise.schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const seen = await client.query('SELECT 1 FROM tabwise.schema_migrations WHERE version = $1', [m.version]);
        if (seen.rowCount === 0) {
          await client.query(m.sql);
          await client.query('INSERT INTO tabwise.schema_migrations (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ]);
          applied.push(m.version);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.version} (${m.name}) failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return applied;
  } finally {
    client.release();
  }
}
