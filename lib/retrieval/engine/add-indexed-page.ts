/**
 * Indexes a page's chunks under fresh slots, replacing an earlier capture of the same URL. Everything is
 * checked before anything changes, so a page with a wrong-width vector leaves the index as it was.
 */
import { insert } from '@orama/orama';
import { domainOf } from '../domain-of';
import { pageKeyOf } from '../page-key';
import { RetrievalError } from '../retrieval-error';
import { domainAncestry } from './domain-ancestry';
import { historyDocOf } from './history-doc-of';
import { VECTOR_FIELD } from './history-schema';
import type { HybridIndexState, PageRecord } from './hybrid-index-state';
import type { ChunkInput, IndexedChunk, PageInput } from './hybrid-index-types';
import { indexedChunkOf } from './indexed-chunk-of';
import { removePageRecord } from './remove-page-record';

export function addIndexedPage(state: HybridIndexState, page: PageInput, input: ChunkInput[]): IndexedChunk[] {
  const { modelId, dims } = state;
  for (const c of input) {
    if (c.vector.length !== dims) {
      throw new RetrievalError(
        'model_mismatch',
        `chunk vector has ${c.vector.length} dims, index expects ${dims} (${modelId})`,
      );
    }
  }
  if (!Number.isFinite(page.visitedAt))
    throw new RetrievalError('invalid_input', 'visitedAt must be a finite epoch ms');
  const key = pageKeyOf(page.url);
  const old = state.pages.get(key);
  if (old) removePageRecord(state, old);
  const domain = (page.domain ?? domainOf(page.url)).toLowerCase();
  const record: PageRecord = {
    key,
    url: key,
    title: page.title,
    domain,
    domains: domainAncestry(domain),
    visitedAt: page.visitedAt,
    ...(page.lang ? { lang: page.lang } : {}),
    ...(page.kind && page.kind !== 'page' ? { kind: page.kind } : {}),
    slots: [],
    chars: input.reduce((n, c) => n + c.text.length, 0),
  };
  const out: IndexedChunk[] = [];
  input.forEach((c, ordinal) => {
    const slot = state.nextSlot++;
    const doc = historyDocOf(record, slot, ordinal, c.text, c.headingPath);
    insert(state.db, { ...doc, [VECTOR_FIELD]: Array.from(c.vector) });
    record.slots.push(slot);
    out.push({ ...indexedChunkOf(doc, modelId, dims), text: c.text });
  });
  if (record.slots.length) {
    state.pages.set(key, record);
    state.texts.put(
      key,
      input.map((c) => c.text),
    );
  }
  state.live += input.length;
  return out;
}
