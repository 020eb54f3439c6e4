// The embedded database's page cache: searches at 100,000 chunks read a quarter of their pages from outside PGlite's
// default 128 MB cache, so the server opens it with TEAM_SERVER_EMBEDDED_CACHE_MB (512 unless set).
import { afterEach, describe, expect, it } from 'vitest';
import { readTeamServerConfig } from '../../lib/team-server/config';
import type { Database } from '../../lib/team-server/db/database';
import { openDatabase } from '../../lib/team-server/db/open-database';

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the embedded database cache', () => {
  it('is 512 MB unless configured, and refuses what Postgres could not run with', () => {
    expect(readTeamServerConfig({}).embeddedCacheMb).toBe(512);
    expect(readTeamServerConfig({ TEAM_SERVER_EMBEDDED_CACHE_MB: '64' }).embeddedCacheMb).toBe(64);
    for (const bad of ['8', '4096', 'lots', '12.5'])
      expect(() => readTeamServerConfig({ TEAM_SERVER_EMBEDDED_CACHE_MB: bad })).toThrow(/EMBEDDED_CACHE_MB/);
  });

  it('is the shared_buffers the database runs with, and the rest of its settings are PGlite’s own', async () => {
    db = await openDatabase({ dataDir: 'memory://', poolMax: 1, embeddedCacheMb: 48 });
    const { rows } = await db.pool.query<{ cache: string; tz: string; workers: string }>(
      `SELECT current_setting('shared_buffers') AS cache, current_setting('TimeZone') AS tz,
              current_setting('max_parallel_workers_per_gather') AS workers`,
    );
    expect(rows[0]).toEqual({ cache: '48MB', tz: 'UTC', workers: '0' });
  });

  it('without a size, PGlite keeps its default', async () => {
    db = await openDatabase({ dataDir: 'memory://', poolMax: 1 });
    const { rows } = await db.pool.query<{ cache: string }>(`SELECT current_setting('shared_buffers') AS cache`);
    expect(rows[0]!.cache).toBe('128MB');
  });
});
