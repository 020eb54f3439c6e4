import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerLike } from '../../../../lib/retrieval/engine/create-worker-embedder';
import { chunkText } from '../../../../lib/retrieval/engine/chunk-text';
import {
  createIdbEmbeddingCacheStore,
  type IdbEmbeddingCacheStore,
} from '../../../../lib/retrieval/engine/embedding-cache-db';
import { openEmbeddingCacheDb } from '../../../../lib/retrieval/engine/open-embedding-cache-db';
import { openIndexDb } from '../../../../lib/retrieval/engine/index-persistence';
import { createOffscreenEngine } from '../../../../lib/retrieval/engine/offscreen-engine';
import type { EmbeddingModelSettings } from '../../../../lib/retrieval/index-settings';

/** How the fake worker's "tokenizer" behaves. */
interface FakeOptions {
  /** 'chars': one token per non-space character (as Chinese and Japanese under WordPiece), plus [CLS]/[SEP]; 'missing': it failed to load. */
  tokenizer?: 'chars' | 'missing';
  /** Receives every text sent to be embedded. */
  embedded?: string[];
  /** Delays the embedding replies until it resolves. */
  hold?: () => Promise<void>;
}

const charTokens = (t: string) => t.replace(/\s/g, '').length;

/** A worker that speaks the embed-worker protocol with bag-of-letters vectors (deterministic, meaningful enough). */
function fakeWorker(log: string[], options: FakeOptions = {}): WorkerLike {
  const listeners: Array<(e: MessageEvent & ErrorEvent) => void> = [];
  let dims = 26;
  const vec = (t: string) => {
    const v = new Float32Array(dims);
    for (const c of t.toLowerCase()) if (c >= 'a' && c <= 'z') v[(c.charCodeAt(0) - 97) % dims]! += 1;
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  };
  const tokenizer = options.tokenizer === 'missing' ? { error: 'tokenizer.json: HTTP 404' } : { specialTokens: 2 };
  return {
    addEventListener: (type, l) => {
      if (type === 'message') listeners.push(l);
    },
    postMessage(m: unknown) {
      const msg = m as { type: string; id: number; texts?: string[]; options?: { model: string; dtype: string } };
      log.push(msg.type);
      // A second "model" with another width, to exercise re-embedding.
      if (msg.type === 'load') dims = msg.options!.model === 'fake2' ? 13 : 26;
      if (msg.type === 'embed') options.embedded?.push(...msg.texts!);
      const reply =
        msg.type === 'load'
          ? {
              type: 'loaded',
              id: msg.id,
              modelId: `${msg.options!.model}@${msg.options!.dtype}`,
              dims,
              threads: 1,
              backend: 'wasm',
              wasmReason: 'no-adapter',
              tokenizer,
            }
          : msg.type === 'count'
            ? { type: 'counted', id: msg.id, counts: msg.texts!.map(charTokens) }
            : { type: 'embedded', id: msg.id, vectors: msg.texts!.map(vec) };
      const hold = msg.type === 'embed' && options.hold ? options.hold() : Promise.resolve();
      void hold.then(() =>
        setTimeout(() => listeners.forEach((l) => l({ data: reply } as MessageEvent & ErrorEvent)), 1),
      );
    },
    terminate() {},
  };
}

const model: EmbeddingModelSettings = { id: 'fake', dtype: 'fp32', allowRemote: false };
const dbName = () => `engine-test-${Math.random().toString(36).slice(2)}`;
const page = (url: string, text: string, visitedAt = Date.now()) => ({
  url,
  title: url.split('/').pop()!,
  lang: 'en',
  text,
  visitedAt,
});
const names: string[] = [];
const caches: IdbEmbeddingCacheStore[] = [];
afterEach(async () => {
  for (const c of caches.splice(0)) c.close();
  for (const n of names.splice(0)) indexedDB.deleteDatabase(n);
});

/** An engine on index database `name` and embedding cache `name-embeddings`: a new one per offscreen document. */
function engine(name: string, log: string[] = [], options: FakeOptions = {}) {
  const cache = createIdbEmbeddingCacheStore({ name: `${name}-embeddings` });
  names.push(name, `${name}-embeddings`);
  caches.push(cache);
  return createOffscreenEngine({
    spawnWorker: () => fakeWorker(log, options),
    openDb: () => openIndexDb(name),
    embeddingCache: cache,
    saveDelayMs: 10,
  });
}

/** Vectors in the engine's embedding cache on disk. */
async function cachedVectors(name: string): Promise<number> {
  const db = await openEmbeddingCacheDb(`${name}-embeddings`);
  try {
    return await db.count('vectors');
  } finally {
    db.close();
  }
}

describe('offscreen engine', () => {
  it('ingests, searches with filters, deletes a domain from both sides, and restores from IndexedDB on start', async () => {
    const name = dbName();
    const e = engine(name);
    await e.ingest({
      model,
      pages: [
        page('https://a.test/octopus', '# Octopus\n\nOctopuses open jars from the inside.'),
        page('https://b.test/bread', '# Bread\n\nSourdough starters leaven bread.'),
      ],
    });
    const hits = await e.search({ model, request: { query: 'octopuses jars' } });
    expect(hits[0]!.url).toBe('https://a.test/octopus');
    expect(hits[0]!.fragmentUrl).toMatch(/^https:\/\/a\.test\/octopus#:~:text=/);
    const filtered = await e.search({ model, request: { query: 'octopuses jars', domain: 'b.test', minScore: 0 } });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((h) => h.url.startsWith('https://b.test/'))).toBe(true);
    const deleted = await e.delete({ model, target: { kind: 'domain', domain: 'a.test' } });
    expect(deleted.urls).toEqual(['https://a.test/octopus']);
    for (const mode of ['sparse', 'dense'] as const) {
      const after = await e.search({ model, request: { query: 'octopuses jars', mode, minScore: 0, topK: 50 } });
      expect(after.filter((h) => h.url.startsWith('https://a.test'))).toEqual([]);
    }
    // A fresh engine (a new offscreen document) restores the persisted index without loading the model.
    const log: string[] = [];
    const again = engine(name, log);
    const stats = await again.stats({ model });
    expect(stats).toMatchObject({
      pages: 1,
      chunks: 1,
      modelId: 'fake@fp32',
      dims: 26,
      restoredChunks: 1,
      model: 'idle',
    });
    expect(log).toEqual([]);
    const sparse = await again.search({ model, request: { query: 'sourdough', mode: 'sparse' } });
    expect(sparse.map((h) => h.url)).toEqual(['https://b.test/bread']);
  });

  it('a damaged stored index is reset with a notice in stats, and capture works again', async () => {
    const name = dbName();
    const e = engine(name);
    await e.ingest({ model, pages: [page('https://a.test/octopus', 'Octopuses open jars from the inside.')] });
    // Damage it as a crash mid-write or a tampered profile might: the vectors no longer match the texts.
    const db = await openIndexDb(name);
    const head = (await db.get('meta', 'head'))!;
    await db.put('meta', { ...head, vectors: { ...head.vectors, count: head.vectors.count + 5 } }, 'head');
    db.close();
    const again = engine(name);
    const stats = await again.stats({ model });
    expect(stats).toMatchObject({ pages: 0, chunks: 0 });
    expect(stats.indexReset).toMatch(/could not be read .*disagree.*reset/);
    await again.ingest({ model, pages: [page('https://b.test/bread', 'Sourdough starters leaven bread.')] });
    expect((await again.search({ model, request: { query: 'sourdough', mode: 'sparse' } })).map((h) => h.url)).toEqual([
      'https://b.test/bread',
    ]);
    // The reset index was written over: a third start restores it cleanly, without the notice.
    await expect.poll(async () => (await engine(name).stats({ model })).pages).toBe(1);
    expect((await engine(name).stats({ model })).indexReset).toBeUndefined();
  });

  it('re-ingesting a page replaces it (a batch re-sent after a crash is not indexed twice)', async () => {
    const e = engine(dbName());
    const p = page('https://a.test/x', 'Alpha beta gamma. Delta epsilon.');
    await e.ingest({ model, pages: [p] });
    await e.ingest({ model, pages: [p, p] });
    const listed = await e.pages({ model });
    expect(listed.pages).toHaveLength(1);
    expect((await e.stats({ model })).chunks).toBe(listed.pages[0]!.chunks);
  });

  it('evicts visits past retention, then the oldest pages past the size cap', async () => {
    const e = engine(dbName());
    const day = 86_400_000;
    const now = Date.now();
    await e.ingest({
      model,
      pages: [
        page('https://a.test/old', 'Old text here.', now - 100 * day),
        page('https://a.test/mid', 'Middle text here.', now - 10 * day),
        page('https://a.test/new', 'New text here.', now),
      ],
    });
    const r1 = await e.evict({ model, before: now - 90 * day, maxChunks: 100 });
    expect(r1.urls).toEqual(['https://a.test/old']);
    const r2 = await e.evict({ model, before: now - 90 * day, maxChunks: 1 });
    expect(r2.urls).toEqual(['https://a.test/mid']);
    expect((await e.pages({ model })).pages.map((p) => p.url)).toEqual(['https://a.test/new']);
  });

  it('a model change re-embeds every page in the background; search keeps answering meanwhile', async () => {
    const name = dbName();
    const first = engine(name);
    await first.ingest({
      model,
      pages: [page('https://a.test/1', 'Octopuses open jars.'), page('https://a.test/2', 'Sourdough leavens bread.')],
    });
    const model2: EmbeddingModelSettings = { id: 'fake2', dtype: 'fp32', allowRemote: false };
    const second = engine(name);
    // Right away: the previous index answers (text only) while the new model embeds.
    const during = await second.search({ model: model2, request: { query: 'sourdough' } });
    expect(during.map((h) => h.url)).toEqual(['https://a.test/2']);
    await expect
      .poll(async () => {
        const st = await second.stats({ model: model2 });
        return st.reembed ? 'running' : `${st.modelId} ${st.dims} ${st.pages}`;
      })
      .toBe('fake2@fp32 13 2');
    const hybrid = await second.search({ model: model2, request: { query: 'octopuses jars' } });
    expect(hybrid[0]!.url).toBe('https://a.test/1');
    // Persisted with the new model: a fresh engine restores it without re-embedding.
    const third = engine(name);
    expect(await third.stats({ model: model2 })).toMatchObject({
      pages: 2,
      modelId: 'fake2@fp32',
      restoredChunks: 2,
      model: 'idle',
    });
    // The first model's cached vectors went with its index: only the new model's two remain.
    await expect.poll(() => cachedVectors(name)).toBe(2);
  });

  it('a page deleted while the re-embed is embedding it does not come back, nor do its vectors stay', async () => {
    const name = dbName();
    const first = engine(name);
    await first.ingest({
      model,
      pages: [
        page('https://a.test/1', 'Octopuses open jars.', 2),
        page('https://a.test/2', 'Sourdough leavens bread.', 1),
      ],
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const log: string[] = [];
    const second = engine(name, log, { hold: () => held });
    const model2: EmbeddingModelSettings = { id: 'fake2', dtype: 'fp32', allowRemote: false };
    await second.stats({ model: model2 });
    // The re-embed asked for its first page's vectors; the user deletes that page meanwhile.
    await expect.poll(() => log.includes('embed')).toBe(true);
    // The stats name the new model (the one loading or loaded) and, apart, the one whose pages are re-embedded.
    expect(await second.stats({ model: model2 })).toMatchObject({
      modelId: 'fake2@fp32',
      pages: 2,
      reembed: { done: 0, total: 2, from: 'fake@fp32' },
    });
    await second.delete({ model: model2, target: { kind: 'page', url: 'https://a.test/1' } });
    release();
    await expect.poll(async () => (await second.stats({ model: model2 })).reembed).toBeUndefined();
    expect((await second.pages({ model: model2 })).pages.map((p) => p.url)).toEqual(['https://a.test/2']);
    await expect.poll(() => cachedVectors(name)).toBe(1);
  });

  it('a restarted engine does not embed again a text it embedded before; queries are not cached on disk', async () => {
    const name = dbName();
    const first = engine(name);
    await first.ingest({
      model,
      pages: [
        page('https://a.test/1', '# Octopus\n\nOctopuses open jars.'),
        page('https://a.test/2', 'Sourdough leavens bread.'),
      ],
    });
    expect(await cachedVectors(name)).toBe(2);
    // A new offscreen document: the page visited again, and the same text under another URL, cost no model time.
    const log: string[] = [];
    const second = engine(name, log);
    await second.ingest({
      model,
      pages: [
        page('https://a.test/1', '# Octopus\n\nOctopuses open jars.'),
        page('https://b.test/copy', 'Sourdough leavens bread.'),
      ],
    });
    // (Token counting for chunk sizes still runs; it is not a model call.)
    expect(log.filter((m) => m !== 'count')).toEqual(['load']);
    expect((await second.stats({ model })).pages).toBe(3);
    const hits = await second.search({ model, request: { query: 'octopuses jars' } });
    expect(hits[0]!.url).toBe('https://a.test/1');
    expect(log.filter((m) => m !== 'count')).toEqual(['load', 'embed']);
    expect(await cachedVectors(name)).toBe(2);
  });

  it("deleting pages deletes their cached vectors (a changed page's old ones too); forgetting everything clears the cache", async () => {
    const name = dbName();
    const e = engine(name);
    await e.ingest({
      model,
      pages: [
        page('https://a.test/1', 'Octopuses open jars.'),
        page('https://b.test/2', 'Sourdough leavens bread.'),
        page('https://b.test/3', 'Kettles boil water.'),
      ],
    });
    // The page changed: the old text's vector goes with the capture it belonged to.
    await e.ingest({ model, pages: [page('https://a.test/1', 'Octopuses escape tanks.')] });
    expect(await cachedVectors(name)).toBe(3);
    await e.delete({ model, target: { kind: 'page', url: 'https://a.test/1' } });
    expect(await cachedVectors(name)).toBe(2);
    await e.delete({ model, target: { kind: 'domain', domain: 'b.test' } });
    expect(await cachedVectors(name)).toBe(0);
    // Nothing of the deleted page is left to serve: capturing it again embeds it again.
    const log: string[] = [];
    const again = engine(name, log);
    await again.ingest({ model, pages: [page('https://a.test/1', 'Octopuses escape tanks.')] });
    expect(log.filter((m) => m !== 'count')).toEqual(['load', 'embed']);
    await again.ingest({ model, pages: [page('https://c.test/4', 'Gulls steal chips.')] });
    expect(await cachedVectors(name)).toBe(2);
    await again.evict({ model, before: 0, maxChunks: 1 });
    expect(await cachedVectors(name)).toBe(1);
    await again.delete({ model, target: { kind: 'all' } });
    expect(await cachedVectors(name)).toBe(0);
  });

  // One "token" per character: the estimate (~4 characters a token) puts this page in one chunk; the model's count does not.
  const octopus = Array.from({ length: 24 }, (_, i) => `Octopus ${i} tastes what it touches.`).join(' ');

  it("sizes chunks with the worker's tokenizer: a page the estimate fits in one chunk is split, every input fits 256", async () => {
    expect(chunkText(octopus)).toHaveLength(1);
    const log: string[] = [];
    const embedded: string[] = [];
    const e = engine(dbName(), log, { embedded });
    const { indexed } = await e.ingest({ model, pages: [page('https://a.test/octopus', `# Octopus\n\n${octopus}`)] });
    expect(indexed[0]!.chunks).toBeGreaterThanOrEqual(3);
    expect(embedded).toHaveLength(indexed[0]!.chunks);
    // What the model is given: the heading line, the text, and [CLS]/[SEP].
    for (const t of embedded) expect(charTokens(t) + 2).toBeLessThanOrEqual(256);
    // Counted in batches: a few requests for the page, not one per sentence.
    expect(log.filter((t) => t === 'count').length).toBeLessThanOrEqual(3);
    // The worker's backend, and why it is WebAssembly, reach the settings page's stats.
    expect(await e.stats({ model })).toMatchObject({
      tokenCounting: 'model-tokenizer',
      embedBackend: 'wasm',
      embedBackendReason: 'no-adapter',
    });
  });

  it('falls back to the estimate, and says so in stats, when the worker could not load the tokenizer', async () => {
    const log: string[] = [];
    const e = engine(dbName(), log, { tokenizer: 'missing' });
    const { indexed } = await e.ingest({ model, pages: [page('https://a.test/octopus', octopus)] });
    expect(indexed[0]!.chunks).toBe(1);
    expect(log).not.toContain('count');
    expect(await e.stats({ model })).toMatchObject({
      tokenCounting: 'estimate',
      tokenCountingNote: 'tokenizer.json: HTTP 404',
    });
  });

  it('stats show the model downloading, then why it failed; the next request tries again and clears the error', async () => {
    const name = dbName();
    names.push(name);
    const message =
      'Could not download the embedding model fake (fp32) from huggingface.co: network error (Failed to fetch)';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The first worker reports progress, waits for the test, then fails the way the hub's absence does.
    const failingListeners: Array<(e: MessageEvent & ErrorEvent) => void> = [];
    const failing: WorkerLike = {
      addEventListener: (type, l) => {
        if (type === 'message') failingListeners.push(l);
      },
      postMessage(m: unknown) {
        const { id } = m as { id: number };
        const emit = (data: unknown) => failingListeners.forEach((l) => l({ data } as MessageEvent & ErrorEvent));
        emit({
          type: 'progress',
          id,
          phase: 'downloading',
          host: 'huggingface.co',
          loaded: 700_000,
          total: 23_000_000,
        });
        void gate.then(() => emit({ type: 'error', id, code: 'model_download_failed', message }));
      },
      terminate() {},
    };
    const workers = [failing, fakeWorker([])];
    const e = createOffscreenEngine({
      spawnWorker: () => workers.shift()!,
      openDb: () => openIndexDb(name),
      saveDelayMs: 10,
    });
    const first = e.ingest({ model, pages: [page('https://a.test/x', 'Octopuses open jars.')] });
    await expect
      .poll(async () => (await e.stats({ model })).modelProgress)
      .toEqual({ phase: 'downloading', host: 'huggingface.co', loaded: 700_000, total: 23_000_000 });
    expect(await e.stats({ model })).toMatchObject({ model: 'loading' });
    release();
    await expect(first).rejects.toMatchObject({ code: 'model_download_failed', message });
    const failed = await e.stats({ model });
    expect(failed).toMatchObject({ model: 'failed', modelError: message, pages: 0 });
    expect(failed.modelProgress).toBeUndefined();
    // The next ingest (the queue's retry) loads the model again; once it works, the error is gone.
    await e.ingest({ model, pages: [page('https://a.test/x', 'Octopuses open jars.')] });
    const ready = await e.stats({ model });
    expect(ready).toMatchObject({ model: 'ready', pages: 1 });
    expect(ready.modelError).toBeUndefined();
  });
});
