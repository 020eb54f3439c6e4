/**
 * Opens the database the configuration names: `DATABASE_URL` (any PostgreSQL 15+ with pgvector, a pool of
 * `poolMax` connections), or the embedded PGlite in `dataDir` (one connection: open-embedded-postgres.ts says why).
 */
import pg from 'pg';
import { createDatabase, type Database } from './database';
import { openEmbeddedPostgres } from './open-embedded-postgres';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder of the embedded database, or `memory://` (tests). */
  dataDir: string;
  poolMax: number;
  /** The embedded database's page cache in MiB (absent: PGlite's own, 128). */
  embeddedCacheMb?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax });
    return createDatabase(pool, 'external');
  }
  const embedded = await openEmbeddedPostgres(options.dataDir, options.embeddedCacheMb);
  const pool = new pg.Pool({ connectionString: embedded.connectionString, max: embedded.maxConnections });
  return createDatabase(pool, 'embedded', () => embedded.close());
}
