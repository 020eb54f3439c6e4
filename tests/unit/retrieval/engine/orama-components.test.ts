/**
 * The history index's Orama database: Orama's own create/insert/remove/search/save/load with the
 * typed-array text and vector fields plugged in as components.
 */
import { create, getByID, insert, load, remove, save, search, type Results } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { createHistoryComponents } from '../../../../lib/retrieval/engine/orama-components';
import { domainAncestry } from '../../../../lib/retrieval/engine/domain-ancestry';
import { historySchema, type HistoryDoc } from '../../../../lib/retrieval/engine/history-schema';

const DIMS = 3;
const DAY = 86_400_000;

function newDb(fields = createHistoryComponents(DIMS)) {
  const db = create({
    schema: historySchema(DIMS),
    sort: { enabled: false },
    components: {
      index: fields.index,
      documentsStore: fields.documentsStore,
      getDocumentIndexId: fields.getDocumentIndexId,
    },
  });
  return { db, fields };
}

let next = 0;
function doc(url: string, domain: string, visitedAt: number, text: string, embedding: number[]): HistoryDoc {
  const key = String(next++);
  return {
    key,
    pageKey: url,
    ordinal: 0,
    url,
    title: 'T',
    domain,
    domains: domainAncestry(domain),
    visitedAt,
    headingPath: [],
    text,
    embedding,
  };
}

function filled() {
  next = 0;
  const { db, fields } = newDb();
  insert(db, doc('https://docs.github.com/a', 'docs.github.com', 1 * DAY, 'pull requests and code review', [1, 0, 0]));
  insert(db, doc('https://github.com/b', 'github.com', 2 * DAY, 'code search across repositories', [0, 1, 0]));
  insert(db, doc('https://gitlab.com/c', 'gitlab.com', 3 * DAY, 'merge requests and code review', [0, 0, 1]));
  return { db, fields };
}

const ids = (r: unknown) => (r as Results<HistoryDoc>).hits.map((h) => h.document.url);

describe('the history index as an Orama database', () => {
  it('ranks full text with BM25 and filters with Orama where clauses (domain with subdomains, time range)', () => {
    const { db } = filled();
    expect(ids(search(db, { term: 'code review', properties: ['text'] }))).toEqual([
      'https://docs.github.com/a',
      'https://gitlab.com/c',
      'https://github.com/b',
    ]);
    expect(
      ids(
        search(db, { term: 'code review', properties: ['text'], where: { domains: { containsAny: ['github.com'] } } }),
      ),
    ).toEqual(['https://docs.github.com/a', 'https://github.com/b']);
    expect(
      ids(
        search(db, { term: 'code', properties: ['text'], where: { visitedAt: { between: [1.5 * DAY, 3 * DAY] } } }),
      ).sort(),
    ).toEqual(['https://github.com/b', 'https://gitlab.com/c']);
  });

  it('searches the vector field through Orama, filtered, and keeps no vector in the stored document', () => {
    const { db } = filled();
    const r = search(db, {
      mode: 'vector',
      vector: { value: [0, 0.6, 0.8], property: 'embedding' },
      similarity: 0.1,
    }) as Results<HistoryDoc>;
    expect(r.hits.map((h) => [h.document.url, Number(h.score.toFixed(2))])).toEqual([
      ['https://gitlab.com/c', 0.8],
      ['https://github.com/b', 0.6],
    ]);
    expect(
      ids(
        search(db, {
          mode: 'vector',
          vector: { value: [0, 0.6, 0.8], property: 'embedding' },
          similarity: 0.1,
          where: { domains: { containsAny: ['github.com'] } },
        }),
      ),
    ).toEqual(['https://github.com/b']);
    expect((getByID(db, '0') as unknown as HistoryDoc).embedding ?? undefined).toBeUndefined();
  });

  it('a removed document is gone from the text side, the vector side and the filters', () => {
    const { db } = filled();
    expect(remove(db, '2')).toBe(true);
    expect(ids(search(db, { term: 'merge', properties: ['text'] }))).toEqual([]);
    expect(
      ids(search(db, { mode: 'vector', vector: { value: [0, 0, 1], property: 'embedding' }, similarity: 0 })),
    ).toEqual([]);
    expect(
      ids(search(db, { term: 'code', properties: ['text'], where: { domains: { containsAny: ['gitlab.com'] } } })),
    ).toEqual([]);
  });

  it("round-trips through Orama's save and load (structured clone, typed arrays), removed documents included", () => {
    const { db } = filled();
    remove(db, '1');
    const raw = structuredClone(save(db));
    const { db: restored } = newDb();
    load(restored, raw);
    expect(
      ids(
        search(restored, {
          term: 'code review',
          properties: ['text'],
          where: { domains: { containsAny: ['github.com'] } },
        }),
      ),
    ).toEqual(['https://docs.github.com/a']);
    expect(
      ids(search(restored, { mode: 'vector', vector: { value: [0, 1, 0], property: 'embedding' }, similarity: 0 })),
    ).toEqual([]);
    insert(restored, doc('https://new.test/', 'new.test', 4 * DAY, 'code owners', [0, 1, 0]));
    expect(ids(search(restored, { term: 'owners', properties: ['text'] }))).toEqual(['https://new.test/']);
  });

  it('refuses a raw index whose fields disagree, and a vector of the wrong width', () => {
    const { db } = filled();
    const raw = save(db) as { index: { visitedAt: Float64Array } };
    raw.index.visitedAt = new Float64Array(1);
    expect(() => load(newDb().db, raw as never)).toThrow(/disagree/);
    expect(() => insert(newDb().db, doc('https://x.test/', 'x.test', 1, 'x', [1, 0]))).toThrow();
  });
});

describe('domainAncestry', () => {
  it('lists the host and its parents', () => {
    expect(domainAncestry('docs.github.com')).toEqual(['docs.github.com', 'github.com', 'com']);
    expect(domainAncestry('')).toEqual([]);
  });
});
