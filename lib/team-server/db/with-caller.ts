/**
 * The one way a request touches user data: a transaction that drops to the application role (no BYPASSRLS, owns
 * nothing) and sets the caller's identity for that transaction only, so every row-level security policy sees
 * who is asking and a query that forgets a filter still returns only what the caller may read.
 */
import type pg from 'pg';
import type { Queryable } from './database';

/** The role requests run as; migration 001 creates it. */
export const APP_ROLE = 'tabwise_app';

/** Who is asking: what the policies read (`tabwise.caller_id()`). */
export interface Caller {
  userId: string;
}

/**
 * Runs `work` in a transaction as `caller` and commits, or rolls back if it throws. All three settings are
 * transaction-local (`set_config(..., true)`), so nothing survives into the next use of the connection.
 */
export async function withCaller<T>(pool: pg.Pool, caller: Caller, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query(
      `SELECT set_config('search_path', 'tabwise, public', true), set_config('role', $1, true),
              set_config('tabwise.user_id', $2, true)`,
      [APP_ROLE, caller.userId],
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose rollback failed may still hold the role or the transaction: never reuse it.
    client.release(broken);
  }
}

/** Runs `work` in a transaction as the login role (migrations, the operator's tasks), with the schema on the path. */
export async function withOwner<T>(pool: pg.Pool, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('search_path', 'tabwise, public', true)`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}
