/**
 * The team server's settings, read once from the environment and validated: every knob the README's
 * "Team server" section lists, with its default.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import type { RateLimits } from './limits/rate-limit';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const EnvSchema = z.object({
  TEAM_SERVER_HOST: z.string().min(1).default('127.0.0.1'),
  TEAM_SERVER_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATABASE_URL: z.string().url().optional(),
  TEAM_SERVER_DATA_DIR: z.string().min(1).default('.team-server-data'),
  TEAM_SERVER_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  TEAM_SERVER_MODEL: z.string().min(1).default('Xenova/all-MiniLM-L6-v2'),
  TEAM_SERVER_MODEL_DTYPE: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4']).default('q8'),
  TEAM_SERVER_MODEL_PATH: z.string().min(1).optional(),
  TEAM_SERVER_ALLOW_REMOTE_MODELS: flag,
  TEAM_SERVER_QUEUE_CAPACITY: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  TEAM_SERVER_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  TEAM_SERVER_SEARCH_RATE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  TEAM_SERVER_UPLOAD_RATE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  TEAM_SERVER_EVENTS: z.enum(['listen', 'poll']).optional(),
  TEAM_SERVER_BOOTSTRAP_ADMIN: z.string().email().optional(),
  TEAM_SERVER_BOOTSTRAP_TEAM: z.string().min(1).max(200).default('My team'),
});

/** What the server runs with. */
export interface TeamServerConfig {
  host: string;
  port: number;
  /** Absent: the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Absolute path of the embedded database's folder. */
  dataDir: string;
  /** Connections to an external Postgres (the embedded one takes exactly one: see open-database.ts). */
  poolMax: number;
  model: {
    id: string;
    dtype: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';
    localPath?: string;
    allowRemote: boolean;
  };
  /** Ingestion jobs waiting before uploads are refused with 503 and Retry-After. */
  queueCapacity: number;
  maxUploadBytes: number;
  /** Per-user requests a minute (a burst of that many, then evenly), searches and uploads apart. */
  rateLimits: RateLimits;
  /**
   * How events reach the instance: LISTEN/NOTIFY (an external Postgres, by default) or polling the events table
   * (the embedded one, always; and behind a pooler that does not keep sessions, such as PgBouncer in transaction mode).
   */
  events: 'listen' | 'poll';
  /** On a database without users: this email becomes the first admin of a team of this name. */
  bootstrap?: { email: string; team: string };
}

/** Reads and validates the environment; throws a ZodError naming every bad variable. */
export function readTeamServerConfig(env: Record<string, string | undefined>, cwd = process.cwd()): TeamServerConfig {
  const e = EnvSchema.parse(env);
  return {
    host: e.TEAM_SERVER_HOST,
    port: e.TEAM_SERVER_PORT,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    dataDir: resolve(cwd, e.TEAM_SERVER_DATA_DIR),
    poolMax: e.TEAM_SERVER_POOL_MAX,
    model: {
      id: e.TEAM_SERVER_MODEL,
      dtype: e.TEAM_SERVER_MODEL_DTYPE,
      ...(e.TEAM_SERVER_MODEL_PATH ? { localPath: resolve(cwd, e.TEAM_SERVER_MODEL_PATH) } : {}),
      // A local model folder means no hub; without one the hub is the only place the model can come from.
      allowRemote: e.TEAM_SERVER_ALLOW_REMOTE_MODELS ?? !e.TEAM_SERVER_MODEL_PATH,
    },
    queueCapacity: e.TEAM_SERVER_QUEUE_CAPACITY,
    maxUploadBytes: e.TEAM_SERVER_MAX_UPLOAD_BYTES,
    rateLimits: {
      search: { perMinute: e.TEAM_SERVER_SEARCH_RATE },
      upload: { perMinute: e.TEAM_SERVER_UPLOAD_RATE },
    },
    events: e.DATABASE_URL ? (e.TEAM_SERVER_EVENTS ?? 'listen') : 'poll',
    ...(e.TEAM_SERVER_BOOTSTRAP_ADMIN
      ? { bootstrap: { email: e.TEAM_SERVER_BOOTSTRAP_ADMIN, team: e.TEAM_SERVER_BOOTSTRAP_TEAM } }
      : {}),
  };
}
