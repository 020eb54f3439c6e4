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
 * Settings a transaction's work may ask for besides the caller's: an extension's planner knobs (`hnsw.ef_search`,
 * say). Never the role, the search path or the caller's identity: those are this module's alone.
 */
export type TransactionSettings = Record<`${'hnsw' | 'ivfflat'}.${string}`, string>;
const SETTING_NAME = /^(hnsw|ivfflat)\.[a-z_]+$/;

/**
 * Runs `work` in a transaction as `caller` and commits, or rolls back if it throws. Every setting is
 * transaction-local (`set_config(..., true)`), so nothing survives into the next use of the connection;
 * `settings` are set in the same statement as the caller's identity, sent with BEGIN in one round trip.
 */
export async function withCaller<T>(
  pool: pg.Pool,
  caller: Caller,
  work: (tx: Queryable) => Promise<T>,
  settings: TransactionSettings = {},
): Promise<T> {
  const extra = Object.entries(settings);
  for (const [name] of extra) if (!SETTING_NAME.test(name)) throw new RangeError(`not a transaction setting: ${name}`);
  const client = await pool.connect();
  let broken = false;
  try {
    // One round trip for both (the simple protocol takes two statements; it takes no parameters, so every value
    // is quoted by the driver's escapeLiteral). The names are this module's or matched SETTING_NAME above.
    const values: Array<[string, string]> = [
      ['search_path', 'tabwise, public'],
      ['role', APP_ROLE],
      ['tabwise.user_id', caller.userId],
      ...extra,
    ];
    const sets = values.map(
      ([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
    );
    await client.query(`BEGIN; SELECT ${sets.join(', ')}`);
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
    await client.query(`BEGIN; SELECT set_config('search_path', 'tabwise, public', true)`);
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
