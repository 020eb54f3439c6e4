// The team server's pure parts: fusion as the extension fuses, content hashes, the SQL text of a model's vectors,
// and the configuration read from the environment.
import { describe, expect, it } from 'vitest';
import { readTeamServerConfig } from '../../lib/team-server/config';
import { documentContentHash } from '../../lib/team-server/documents/content-hash';
import { chunkIndexName, modelIndexName } from '../../lib/team-server/ingest/ensure-model-index';
import { isDatabaseUnreachable, whileUnreachable } from '../../lib/team-server/ingest/ingest-queue';
import { fuseScores } from '../../lib/team-server/search/fuse-scores';
import {
  cosineQueryLiteral,
  modelPredicate,
  vectorExpression,
  vectorLiteral,
} from '../../lib/team-server/search/vector-sql';

describe('team server shapes', () => {
  it('repeats a job step while the database is unreachable, and only then', async () => {
    let calls = 0;
    const flaky = async () => {
      if (++calls < 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return 'done';
    };
    expect(await whileUnreachable(flaky, 5000, 1)).toBe('done');
    expect(calls).toBe(3);
    let bad = 0;
    await expect(
      whileUnreachable(async () => (bad++, Promise.reject(new Error('the model choked'))), 5000, 1),
    ).rejects.toThrow('the model choked');
    expect(bad).toBe(1);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('fuses w · rank / max rank + (1 − w) · max(0, cosine), drops what scores 0 or under the floor, best first', () => {
    const fused = fuseScores(
      [
        { id: 'a', rank: 0.2, cosine: 0.1 },
        { id: 'b', rank: 0.1, cosine: 0.9 },
        { id: 'c', rank: 0, cosine: -0.5 },
        { id: 'd', rank: 0, cosine: 0.1 },
      ],
      0.05,
      0.7,
    );
    expect(fused.map((f) => [f.id, Number(f.score.toFixed(3))])).toEqual([
      ['a', 0.73],
      ['b', 0.62],
    ]);
    expect(fuseScores([{ rank: 0, cosine: 0.5 }], 0, 0.7)[0]!.score).toBeCloseTo(0.15);
  });

  it('hashes passages, not their split: the same text in other passages is another document', () => {
    const h = documentContentHash(['ab', 'c']);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(documentContentHash(['ab', 'c'])).toBe(h);
    expect(documentContentHash(['a', 'bc'])).not.toBe(h);
    // Composed and decomposed é are one text.
    expect(documentContentHash(['caf\u00e9'])).toBe(documentContentHash(['cafe\u0301']));
  });

  it('spells a model’s vectors and predicate safely, and names its index by a hash', () => {
    expect(vectorExpression(100, 'c.embedding')).toBe('c.embedding::vector(100)');
    expect(() => vectorExpression(1.5)).toThrow(RangeError);
    expect(modelPredicate("o'brien")).toBe("model = 'o''brien'");
    expect(vectorLiteral(new Float32Array([0.5, -1]))).toBe('[0.5,-1]');
    expect(() => vectorLiteral([Number.NaN])).toThrow(RangeError);
    expect(modelIndexName('x"; DROP TABLE chunks; --')).toMatch(/^chunks_hnsw_[0-9a-f]{16}$/);
    expect(chunkIndexName('m', '0b7c6a1e-0000-4000-8000-00000000000a')).toBe(
      `${modelIndexName('m')}_0b7c6a1e000040008000${'00000000000a'}`,
    );
    expect(chunkIndexName('m', null)).toBe(`${modelIndexName('m')}_platform`);
  });

  it('sends a query vector for cosine distance as integers that keep its direction', () => {
    const v = Float32Array.from({ length: 384 }, (_, i) => Math.sin(i * 7.3) * 0.08);
    const literal = cosineQueryLiteral(v);
    expect(literal).toMatch(/^\{-?\d+(,-?\d+)*\}$/);
    const ints = literal.slice(1, -1).split(',').map(Number);
    expect(ints).toHaveLength(384);
    // The largest magnitude is 2^24: every component an integer a float4 holds exactly.
    expect(Math.max(...ints.map(Math.abs))).toBe(2 ** 24);
    const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      let dot = 0;
      let na = 0;
      let nb = 0;
      for (let i = 0; i < a.length; i++) {
        dot += a[i]! * b[i]!;
        na += a[i]! ** 2;
        nb += b[i]! ** 2;
      }
      return dot / Math.sqrt(na * nb);
    };
    const other = Float32Array.from({ length: 384 }, (_, i) => Math.cos(i * 1.1) * 0.05);
    expect(Math.abs(cosine(ints, other) - cosine(v, other))).toBeLessThan(1e-7);
    expect(cosine(ints, v)).toBeCloseTo(1, 7);
    expect(cosineQueryLiteral([0, 0])).toBe('{0,0}');
    expect(() => cosineQueryLiteral([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });

  it('reads the environment with defaults, and names every bad variable', () => {
    const c = readTeamServerConfig({}, '/srv');
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: '/srv/.team-server-data',
      queueCapacity: 1000,
      model: { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: true },
    });
    expect(c.databaseUrl).toBeUndefined();
    const local = readTeamServerConfig({ TEAM_SERVER_MODEL_PATH: 'models', DATABASE_URL: 'postgres://u@db/x' }, '/srv');
    expect(local.model).toMatchObject({ localPath: '/srv/models', allowRemote: false });
    expect(local.databaseUrl).toBe('postgres://u@db/x');
    // Events: LISTEN/NOTIFY on an external Postgres unless told to poll; the embedded one always polls.
    expect([c.events, local.events]).toEqual(['poll', 'listen']);
    expect(readTeamServerConfig({ DATABASE_URL: 'postgres://u@db/x', TEAM_SERVER_EVENTS: 'poll' }).events).toBe('poll');
    expect(readTeamServerConfig({ TEAM_SERVER_EVENTS: 'listen' }).events).toBe('poll');
    expect(() => readTeamServerConfig({ TEAM_SERVER_PORT: 'eighty', TEAM_SERVER_QUEUE_CAPACITY: '0' })).toThrow(
      /TEAM_SERVER_PORT[\s\S]*TEAM_SERVER_QUEUE_CAPACITY/,
    );
  });
});
