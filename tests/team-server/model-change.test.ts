// A model change: re-embedding in the background with progress in /health, search answering from the old vectors
// until the new ones are complete (also for a document uploaded meanwhile), an instance restarted mid-change that
// resumes it, and at the end the switch, the old vectors gone and nothing embedded twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../lib/retrieval/embedder-contract';
import type { RunningTeamServer } from '../../lib/team-server/start-team-server';
import { modelIndexName } from '../../lib/team-server/ingest/ensure-model-index';
import { fakeEmbedder, startAnotherInstance, startTestServer } from './test-server';

let t: Awaited<ReturnType<typeof startTestServer>>;
let instance: RunningTeamServer | undefined;
let release: () => void = () => {};
const hold = new Promise<void>((r) => (release = r));
const embedCalls: string[] = [];

/** The new model: other vectors than fake-8d (the words hashed with another seed); texts about 'archive' wait. */
function newModel(): Embedder {
  const base = fakeEmbedder();
  return {
    modelId: 'fake-v2',
    dims: 8,
    async embed(texts) {
      embedCalls.push(...texts);
      if (texts.some((x) => x.includes('archive'))) await hold;
      const out = await base.embed(texts.map((x) => `${x} v2`));
      return out.map((v) => v.reverse());
    },
  };
}

beforeAll(async () => {
  t = await startTestServer({}, { embedder: fakeEmbedder(), instanceId: 'old' });
}, 180_000);

afterAll(async () => {
  release();
  await instance?.close();
  await t?.server.kill();
  await t?.server.ctx.db.close();
});

const search = (base: string, query: string) =>
  t.call('POST', '/v1/search', t.world.bob.token, { query, teamId: t.world.red, minScore: 0 }, undefined, base);
const health = (base: string) => t.call('GET', '/health', t.world.ada.token, undefined, undefined, base);

describe('a model change', () => {
  it('re-embeds in the background while search reads the old vectors, resumes after a restart, then switches', async () => {
    const { bob, red } = t.world;
    const old = [];
    for (const topic of ['tax archive', 'travel archive', 'payroll archive'])
      old.push(
        (await t.call('POST', '/v1/documents', bob.token, { teamId: red, title: topic, text: `the ${topic}` })).json,
      );
    for (const d of old) await t.waitFor(bob.token, d.document.id);
    // The old instance goes; a new one starts with the new model (and keeps the old one for queries meanwhile).
    await t.server.kill();
    instance = await startAnotherInstance(
      t.server,
      {},
      { embedder: newModel(), previousEmbedder: fakeEmbedder(), instanceId: 'new' },
    );
    const h = await health(instance.url);
    expect(h.json.models).toMatchObject({ active: 'fake-8d', target: 'fake-v2', reembedded: 0, total: 3 });
    expect(h.json.models.finishedAt).toBeNull();
    // Search goes on, from the old vectors.
    const during = await search(instance.url, 'travel archive');
    expect(during.json.model).toBe('fake-8d');
    expect(during.json.results[0].title).toBe('travel archive');
    // A document uploaded meanwhile is embedded with both models, so it is found before the switch.
    const fresh = await t.call(
      'POST',
      '/v1/documents',
      bob.token,
      { teamId: red, title: 'menu', text: 'lunch menu' },
      undefined,
      instance.url,
    );
    await t.waitFor(bob.token, fresh.json.document.id, undefined, undefined, instance.url);
    expect((await search(instance.url, 'lunch menu')).json.results[0].title).toBe('menu');
    expect((await health(instance.url)).json.models).toMatchObject({ reembedded: 1, total: 4, active: 'fake-8d' });

    // Restarted mid-change: the held re-embedding is cut, and the next instance resumes the change.
    await instance.kill();
    instance = await startAnotherInstance(
      t.server,
      {},
      { embedder: newModel(), previousEmbedder: fakeEmbedder(), instanceId: 'restarted' },
    );
    expect((await health(instance.url)).json.models.active).toBe('fake-8d');
    release();
    const end = Date.now() + 40_000;
    let done;
    while (!(done = (await health(instance.url)).json.models).finishedAt && Date.now() < end)
      await new Promise((r) => setTimeout(r, 300));
    expect(done).toMatchObject({ active: 'fake-v2', target: 'fake-v2', reembedded: 4, total: 4 });

    const after = await search(instance.url, 'travel archive');
    expect(after.json.model).toBe('fake-v2');
    expect(after.json.results[0].title).toBe('travel archive');
    const pool = t.server.ctx.db.pool;
    const byModel = await pool.query(`SELECT model, count(*)::int AS n FROM tabwise.chunks GROUP BY model`);
    expect(byModel.rows).toEqual([{ model: 'fake-v2', n: 4 }]);
    const docs = await pool.query(`SELECT DISTINCT model, status FROM tabwise.documents`);
    expect(docs.rows).toEqual([{ model: 'fake-v2', status: 'indexed' }]);
    const index = await pool.query(`SELECT 1 FROM pg_indexes WHERE indexname = $1`, [modelIndexName('fake-8d')]);
    expect(index.rowCount).toBe(0);
    // Each old document was embedded by the new model for the index at most twice (the cut attempt and the
    // resumed one), never more, and the chunks were written once.
    for (const topic of ['the tax archive', 'the travel archive', 'the payroll archive'])
      expect(embedCalls.filter((x) => x.endsWith(topic)).length).toBeLessThanOrEqual(2);
  }, 120_000);
});
