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
  TEAM_SERVER_EMBEDDED_CACHE_MB: z.coerce.number().int().min(16).max(2048).default(512),
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
  TEAM_SERVER_PUBLIC_URL: z.string().url().optional(),
  TEAM_SERVER_OIDC_ISSUER: z.string().url().optional(),
  TEAM_SERVER_OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  TEAM_SERVER_OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  TEAM_SERVER_OIDC_REDIRECT_URIS: z.string().min(1).optional(),
  TEAM_SERVER_OIDC_AUDIENCES: z.string().min(1).optional(),
  TEAM_SERVER_OIDC_AUTO_JOIN: z.string().min(1).optional(),
  TEAM_SERVER_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TEAM_SERVER_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TEAM_SERVER_SECRET: z.string().min(32, 'TEAM_SERVER_SECRET must be at least 32 characters').optional(),
});

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * An allowed redirect URI of the extension: `https://<extension id>.chromiumapp.org/...`, exactly as given, or every
 * path of that origin when it ends in `/*`. Nothing else: the server redirects only there with an exchange code.
 */
function redirectUriRule(raw: string): string {
  const url = new URL(raw.replace(/\/\*$/, '/'));
  if (url.protocol !== 'https:' || !/^[a-p]{32}\.chromiumapp\.org$/.test(url.hostname) || url.search || url.hash)
    throw new Error(`TEAM_SERVER_OIDC_REDIRECT_URIS: ${raw} is not an https://<extension id>.chromiumapp.org/ address`);
  return raw.endsWith('/*') ? `${url.origin}/*` : url.href;
}

/** `example.com=<team id>`: a verified email of that domain joins that team as a member at its first sign-in. */
function autoJoinRule(raw: string): { domain: string; teamId: string } {
  const m = /^([a-z0-9.-]+\.[a-z]{2,})=([0-9a-f-]{36})$/i.exec(raw);
  if (!m) throw new Error(`TEAM_SERVER_OIDC_AUTO_JOIN: ${raw} is not domain=<team id>`);
  return { domain: m[1]!.toLowerCase(), teamId: m[2]!.toLowerCase() };
}

/** Signing in with the team's identity provider (OpenID Connect); absent when no issuer is configured. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only, no client authentication). */
  clientSecret?: string;
  /** Where the server may send the extension back (see redirectUriRule). */
  redirectUris: string[];
  /** The `aud` an IdP-issued bearer JWT must name (one of): the client id unless configured. */
  audiences: string[];
  /** Verified emails of these domains join the team at first sign-in (otherwise only invited people may). */
  autoJoin: { domain: string; teamId: string }[];
}

function readOidc(e: z.output<typeof EnvSchema>): OidcConfig | undefined {
  if (!e.TEAM_SERVER_OIDC_ISSUER) return undefined;
  if (!e.TEAM_SERVER_OIDC_CLIENT_ID) throw new Error('TEAM_SERVER_OIDC_CLIENT_ID is required with an issuer');
  const redirectUris = list(e.TEAM_SERVER_OIDC_REDIRECT_URIS).map(redirectUriRule);
  if (!redirectUris.length) throw new Error('TEAM_SERVER_OIDC_REDIRECT_URIS is required with an issuer');
  const audiences = list(e.TEAM_SERVER_OIDC_AUDIENCES);
  return {
    issuer: e.TEAM_SERVER_OIDC_ISSUER,
    clientId: e.TEAM_SERVER_OIDC_CLIENT_ID,
    ...(e.TEAM_SERVER_OIDC_CLIENT_SECRET ? { clientSecret: e.TEAM_SERVER_OIDC_CLIENT_SECRET } : {}),
    redirectUris,
    audiences: audiences.length ? audiences : [e.TEAM_SERVER_OIDC_CLIENT_ID],
    autoJoin: list(e.TEAM_SERVER_OIDC_AUTO_JOIN).map(autoJoinRule),
  };
}

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
  /** The embedded database's page cache (Postgres `shared_buffers`), in MiB. */
  embeddedCacheMb: number;
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
  /** The server's address as people reach it (the IdP sends them back to it); absent: the address it listens on. */
  publicUrl?: string;
  oidc?: OidcConfig;
  /** How long a sign-in session (`tws_`) lasts. */
  sessionDays: number;
  /** How long audit lines are kept (by the time of the line). */
  auditRetentionDays: number;
  /** Seals team providers' keys at rest (AES-GCM); absent: team providers are refused. */
  secret?: string;
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
    embeddedCacheMb: e.TEAM_SERVER_EMBEDDED_CACHE_MB,
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
    ...(e.TEAM_SERVER_PUBLIC_URL ? { publicUrl: new URL(e.TEAM_SERVER_PUBLIC_URL).origin } : {}),
    ...(e.TEAM_SERVER_OIDC_ISSUER ? { oidc: readOidc(e) } : {}),
    sessionDays: e.TEAM_SERVER_SESSION_DAYS,
    auditRetentionDays: e.TEAM_SERVER_AUDIT_RETENTION_DAYS,
    ...(e.TEAM_SERVER_SECRET ? { secret: e.TEAM_SERVER_SECRET } : {}),
  };
}
