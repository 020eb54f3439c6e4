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
  const extra = checkedSettings(settings);
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(opening(client, caller, extra));
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

/** A statement for `executeAsCaller`: its name (SQL PREPARE's, `[a-z0-9_]`) and its text, with $1… parameters. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** An argument of `executeAsCaller`: quoted by the driver, never spliced. */
export type SqlValue = string | number | null | readonly string[];

/** The statements each connection has prepared (a replaced connection starts with none). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
const STATEMENT_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * One read-only statement as `caller`, in one round trip: the transaction's opening (as `withCaller`'s), the
 * statement prepared once per connection (SQL PREPARE, under the caller's role and search path, so Postgres keeps
 * its plan) and EXECUTEd with `args`, and COMMIT, all in one simple-protocol query. The simple protocol takes no
 * parameters: every argument is a literal the driver quoted (`escapeLiteral`), or a number checked finite. For the
 * search, whose three round trips (opening, statement, commit) all waited on the one embedded connection.
 */
export async function executeAsCaller<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  caller: Caller,
  statement: PreparedStatement,
  args: readonly SqlValue[],
  settings: TransactionSettings = {},
): Promise<R[]> {
  if (!STATEMENT_NAME.test(statement.name)) throw new RangeError(`not a statement name: ${statement.name}`);
  const extra = checkedSettings(settings);
  const client = await pool.connect();
  let broken = false;
  try {
    const known = preparedOn.get(client) ?? preparedOn.set(client, new Set()).get(client)!;
    // A connection new to this module may still be an old session (the embedded PGlite is one session, whatever
    // the connection): asked once, not assumed.
    if (!known.has(statement.name)) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_prepared_statements WHERE name = $1', [statement.name]);
      if (rowCount) known.add(statement.name);
    }
    const prepare = !known.has(statement.name);
    const literals = args.map((a) => literal(client, a)).join(', ');
    const results = (await client.query(
      `${opening(client, caller, extra)};` +
        (prepare ? ` PREPARE ${statement.name} AS ${statement.text};` : '') +
        ` EXECUTE ${statement.name}${args.length ? `(${literals})` : ''}; COMMIT`,
    )) as unknown as Array<pg.QueryResult<R>>;
    known.add(statement.name);
    return results[results.length - 2]!.rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    // A statement this connection prepared and lost (DISCARD ALL, DEALLOCATE): prepared again next time.
    if ((error as { code?: string }).code === '26000') preparedOn.get(client)?.delete(statement.name);
    throw error;
  } finally {
    client.release(broken);
  }
}

function checkedSettings(settings: TransactionSettings): Array<[string, string]> {
  const extra = Object.entries(settings);
  for (const [name] of extra) if (!SETTING_NAME.test(name)) throw new RangeError(`not a transaction setting: ${name}`);
  return extra;
}

/**
 * BEGIN and the caller's settings, one simple-protocol query (two statements; no parameters there, so every value
 * is quoted by the driver's escapeLiteral). The names are this module's or matched SETTING_NAME.
 */
function opening(client: pg.PoolClient, caller: Caller, extra: Array<[string, string]>): string {
  const values: Array<[string, string]> = [
    ['search_path', 'tabwise, public'],
    ['role', APP_ROLE],
    ['tabwise.user_id', caller.userId],
    ...extra,
  ];
  const sets = values.map(
    ([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
  );
  return `BEGIN; SELECT ${sets.join(', ')}`;
}

function literal(client: pg.PoolClient, value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('not a finite number');
    return String(value);
  }
  if (typeof value === 'string') return client.escapeLiteral(value);
  // An array literal ({"a","b"}, each element's backslashes and quotes escaped), then quoted as one string: it
  // takes the parameter's type (uuid[], text[]) as any literal does.
  return client.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`);
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
