/** A team server on an in-memory embedded Postgres and a free port, with the seeded world, for one test file. */
import { resolve } from 'node:path';
import type { Embedder } from '../../lib/retrieval/embedder-contract';
import { readTeamServerConfig } from '../../lib/team-server/config';
import { loadServerEmbedder } from '../../lib/team-server/ingest/server-embedder';
import { startTeamServer, type RunningTeamServer, type StartOptions } from '../../lib/team-server/start-team-server';
import { seedTeams } from './test-database';

export const modelsDir = process.env.TABWISE_MODELS_DIR ?? resolve('../shared/models');

/** The real test model the README of ../shared/models names for tests: GloVe 100d, SIF-weighted. */
export const loadGlove = () =>
  loadServerEmbedder({ id: 'glove-sif-100d', dtype: 'fp32', localPath: modelsDir, allowRemote: false });

/**
 * A deterministic 8-dimensional bag-of-words embedder (no tokenizer: the chunker estimates). `gate`, when set, is
 * awaited before each embedding, so a test can hold the worker busy; a text with `POISON` always fails.
 */
export function fakeEmbedder(hooks: { gate?: () => Promise<void> } = {}): Embedder {
  const embedOne = (text: string) => {
    const v = new Float32Array(8);
    for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      let h = 0;
      for (const ch of w) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
      v[h % 8]! += 1;
    }
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  };
  return {
    modelId: 'fake-8d',
    dims: 8,
    async embed(texts) {
      await hooks.gate?.();
      if (texts.some((t) => t.includes('POISON'))) throw new Error('the model choked on POISON');
      return texts.map(embedOne);
    },
  };
}

/**
 * The configuration tests start with: a free port, an in-memory database with a 64 MB cache (their data is tiny;
 * the 512 MB default would be allocated by every server the suites start, three at a time in the e2e stage).
 */
export function testConfig(env: Record<string, string> = {}) {
  const config = readTeamServerConfig({
    TEAM_SERVER_PORT: '0',
    TEAM_SERVER_DATA_DIR: 'memory://',
    TEAM_SERVER_EMBEDDED_CACHE_MB: '64',
    ...env,
  });
  // memory:// is not a folder: keep it as given rather than resolved against the working directory.
  config.dataDir = 'memory://';
  return config;
}

/** Another instance of the server on `first`'s database (as a second process behind a load balancer would be). */
export function startAnotherInstance(
  first: RunningTeamServer,
  env: Record<string, string> = {},
  options: StartOptions = {},
) {
  return startTeamServer(testConfig(env), {
    log: () => {},
    eventPollMs: 200,
    ...options,
    queue: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, ...options.queue },
    database: first.ctx.db,
  });
}

export async function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}) {
  const server = await startTeamServer(testConfig(env), {
    log: () => {},
    eventPollMs: 200,
    queue: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, ...options.queue },
    ...options,
  });
  const world = await seedTeams(server.ctx.db);
  /** A JSON request as `token` (or none). */
  const call = async (method: string, path: string, token?: string, body?: unknown, raw?: string, base?: string) => {
    const res = await fetch((base ?? server.url) + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : raw !== undefined ? { body: raw } : {}),
    });
    const text = await res.text();
    // The tests read whatever shape each route answers.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, json };
  };
  /** Polls a document until its status is one of `states`. */
  const waitFor = async (
    token: string,
    id: string,
    states = ['indexed', 'failed'],
    timeoutMs = 30_000,
    base?: string,
  ) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const r = await call('GET', `/v1/documents/${id}`, token, undefined, undefined, base);
      if (states.includes(r.json?.status)) return r.json;
      if (Date.now() > end) throw new Error(`document ${id} still ${r.json?.status} after ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 200));
    }
  };
  return { server, world, call, waitFor };
}
