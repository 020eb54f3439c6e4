/**
 * The team bench's world: a hashed bag-of-words embedder (384 dims, no model: each word a fixed pseudo-random
 * direction, a text the normalised sum of its words), topic vocabularies, and chunks seeded straight into the
 * tables as their owners would have them (documents of 3 teams and of their members), so 100,000 chunks load in
 * minutes on two cores instead of the hours real embedding would take. The vectors cluster by topic as real
 * ones do, which is what HNSW's recall depends on; they carry no meaning.
 */
import type pg from 'pg';
import type { Embedder } from '../../lib/retrieval/embedder-contract';
import { withCaller, withOwner } from '../../lib/team-server/db/with-caller';
import { vectorLiteral } from '../../lib/team-server/search/vector-sql';
import { nearestChunksSql, searchedGraphs } from '../../lib/team-server/search/search-chunks';
import { percentile } from './_stats';
import { addMember, createTeam, createUser, issueAccessToken } from '../../lib/team-server/people/operator-tasks';

export const DIMS = 384;
const TOPICS = 60;
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'bo', 'di', 'fe', 'gu', 'ha'];

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const hash = (w: string) => [...w].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) >>> 0, 7);
const wordVectors = new Map<string, Float32Array>();
function wordVector(w: string): Float32Array {
  let v = wordVectors.get(w);
  if (!v) {
    const r = rng(hash(w));
    v = Float32Array.from({ length: DIMS }, () => r() * 2 - 1);
    wordVectors.set(w, v);
  }
  return v;
}

export function embedText(text: string): Float32Array {
  const out = new Float32Array(DIMS);
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const v = wordVector(w);
    for (let i = 0; i < DIMS; i++) out[i]! += v[i]!;
  }
  const n = Math.hypot(...out) || 1;
  return out.map((x) => x / n);
}

export const benchEmbedder: Embedder = {
  modelId: 'bench-hash-384',
  dims: DIMS,
  embed: async (texts) => texts.map(embedText),
};

const word = (r: () => number) =>
  Array.from({ length: 2 + Math.floor(r() * 2) }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join('');
const r0 = rng(42);
export const topics = Array.from({ length: TOPICS }, () => Array.from({ length: 25 }, () => word(r0)));
const common = Array.from({ length: 300 }, () => word(r0));

/** A chunk's text: mostly its topic's words, some common ones. */
export function chunkText(topic: number, r: () => number): string {
  const words = topics[topic]!;
  return Array.from({ length: 40 }, (_, i) =>
    i % 4 === 3 ? common[Math.floor(r() * common.length)] : words[Math.floor(r() * words.length)],
  ).join(' ');
}

/** A query: three words of one topic. */
export const queryText = (topic: number, r: () => number) =>
  Array.from({ length: 3 }, () => topics[topic]![Math.floor(r() * 25)]).join(' ');

export interface BenchUser {
  userId: string;
  token: string;
  teamId: string;
}

/** 3 teams and 10 people (4, 3, 3), each with a token. */
export async function seedPeople(pool: pg.Pool): Promise<{ teams: string[]; users: BenchUser[] }> {
  return withOwner(pool, async (tx) => {
    const teams = [await createTeam(tx, 'North'), await createTeam(tx, 'South'), await createTeam(tx, 'East')];
    const users: BenchUser[] = [];
    for (let i = 0; i < 10; i++) {
      const teamId = teams[i < 4 ? 0 : i < 7 ? 1 : 2]!;
      const userId = await createUser(tx, { email: `user${i}@bench.test` });
      await addMember(tx, teamId, userId, i === 0 || i === 4 || i === 7 ? 'admin' : 'member');
      users.push({ userId, teamId, token: (await issueAccessToken(tx, userId, 'bench')).token });
    }
    return { teams, users };
  });
}

/**
 * Seeds `total` chunks in documents of 10 chunks: 90% team documents, 10% user documents, owners round robin.
 * Inserted as the schema's owner (the trigger still copies each chunk's scope from its document).
 */
export async function seedChunks(pool: pg.Pool, users: BenchUser[], total: number, modelId: string) {
  const r = rng(7);
  const perDoc = 10;
  for (let d = 0; d * perDoc < total; d += 100) {
    await withOwner(pool, async (tx) => {
      const docs = Array.from({ length: Math.min(100, Math.ceil((total - d * perDoc) / perDoc)) }, (_, k) => {
        const owner = users[(d + k) % users.length]!;
        return { owner, topic: Math.floor(r() * TOPICS), scope: (d + k) % 10 === 9 ? 'user' : 'team', n: d + k };
      });
      const ids = await tx.query<{ id: string }>(
        `INSERT INTO documents (scope, team_id, owner_id, title, content_hash, passages, status, chunk_count, model,
                                indexed_at)
         SELECT s, t, o, 'doc ' || n, encode(sha256(('bench' || n)::bytea), 'hex'), ARRAY['seeded'], 'indexed', $5, $6,
                now()
           FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::int[]) AS x(s, t, o, n)
         RETURNING id`,
        [
          docs.map((x) => x.scope),
          docs.map((x) => x.owner.teamId),
          docs.map((x) => x.owner.userId),
          docs.map((x) => x.n),
          perDoc,
          modelId,
        ],
      );
      const rows: { doc: string; pos: number; text: string }[] = [];
      docs.forEach((x, k) => {
        for (let p = 0; p < perDoc; p++) rows.push({ doc: ids.rows[k]!.id, pos: p, text: chunkText(x.topic, r) });
      });
      await tx.query(
        `INSERT INTO chunks (document_id, position, passage, text, token_count, model, embedding)
         SELECT d, p, 0, t, 40, $5, e::vector FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) AS x(d, p, t, e)`,
        [
          rows.map((x) => x.doc),
          rows.map((x) => x.pos),
          rows.map((x) => x.text),
          rows.map((x) => vectorLiteral(embedText(x.text))),
          modelId,
        ],
      );
    });
  }
}

export async function post(base: string, path: string, token: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

function searchRng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) >>> 0) / 4294967296) % 1;
}

/** POST /v1/search (hybrid top-10) from every user at once, `queries` each, one after another: client-side times. */
export async function measureSearch(url: string, users: BenchUser[], queries: number) {
  const times: number[] = [];
  let violations = 0;
  await Promise.all(
    users.map(async (u, k) => {
      const r = searchRng(100 + k);
      for (let q = 0; q < queries; q++) {
        const t0 = performance.now();
        const res = await post(url, '/v1/search', u.token, { query: queryText(Math.floor(r() * 60), r), limit: 10 });
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`search answered ${res.status}`);
        for (const hit of res.json.results)
          if (hit.scope === 'team' ? hit.teamId !== u.teamId : hit.scope === 'user' && hit.authorId !== u.userId)
            violations++;
      }
    }),
  );
  return { p50: percentile(times, 50), p95: percentile(times, 95), violations, count: times.length };
}

/** measureSearch from a process of its own (_team-search-load.ts): the load does not share the server's event loop. */
export async function measureSearchApart(url: string, users: BenchUser[], queries: number) {
  const { fork } = await import('node:child_process');
  const child = fork(new URL('./_team-search-load.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
  try {
    return await new Promise<Awaited<ReturnType<typeof measureSearch>>>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Awaited<ReturnType<typeof measureSearch>>));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the search load ended with ${code}`)));
      child.send({ url, users, queries });
    });
  } finally {
    child.kill();
  }
}

/**
 * Recall@10 of the dense side against exact search, as the caller (under row-level security), over the graphs the
 * server's search reads (search-chunks.ts's `nearestChunksSql`, the caller's teams' and the platform's). `pool` is
 * how many rows each scan hands over: search-chunks.ts takes `searchPool(10)` and scores every one of them exactly,
 * so its top 10 is the pool's best 10 by exact distance; `pool` 10 is the bare index's own top 10. Exact search is
 * the same statement with index scans off.
 */
export async function measureRecall(db: pg.Pool, users: BenchUser[], ef: number, pool: number, samples = 40) {
  const r = searchRng(9);
  let sum = 0;
  const model = { id: benchEmbedder.modelId, dims: benchEmbedder.dims };
  for (let i = 0; i < samples; i++) {
    const u = users[i % users.length]!;
    const { rows: teams } = await db.query<{ t: string[] }>('SELECT tabwise.searched_team_ids($1) AS t', [u.userId]);
    const q = vectorLiteral(embedText(queryText(Math.floor(r() * 60), r)));
    const top = (exact: boolean) =>
      withCaller(db, u, async (tx) => {
        await tx.query(
          `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),
                               set_config('hnsw.ef_search', $2, true),
                               set_config('enable_indexscan', $1, true)`,
          [exact ? 'off' : 'on', String(ef)],
        );
        const nearest = nearestChunksSql(searchedGraphs(teams[0]!.t, {}), model, exact ? 10 : pool);
        const { rows } = await tx.query<{ id: string }>(`SELECT x.id::text FROM (${nearest}) x ORDER BY x.d LIMIT 10`, [
          q,
        ]);
        return rows.map((x) => x.id);
      });
    const approx = new Set(await top(false));
    const truth = await top(true);
    sum += truth.filter((id) => approx.has(id)).length / Math.max(1, truth.length);
  }
  return sum / samples;
}
