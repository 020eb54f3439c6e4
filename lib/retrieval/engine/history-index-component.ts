/**
 * The history index's Orama `index` component: Orama's default index for the filter fields (domains,
 * visitedAt), with the text and vector fields routed to typed arrays. Slots are internal ids minus one.
 */
import { components, type AnyIndexStore, type IIndex, type TokenScore } from '@orama/orama';
import { RetrievalError } from '../retrieval-error';
import { attachHistoryFields } from './attach-history-fields';
import { historySchema, TEXT_FIELD, VECTOR_FIELD } from './history-schema';
import type { HistoryComponentsShared, HistoryFields, HistoryIndexStore } from './history-store-types';
import { markLive } from './live-slots';
import { loadHistoryFields } from './load-history-fields';
import { saveHistoryFields } from './save-history-fields';
import { searchableText } from './searchable-text';
import { selectTopK } from './select-top-k';
import { createSparseIndex } from './sparse-index';
import { createVectorStore } from './vector-store';

/** `depth`: how many of the best candidates each side (text, vector) hands on to fusion. */
export function historyIndexComponent(
  dims: number,
  depth: number,
  shared: HistoryComponentsShared,
): IIndex<HistoryIndexStore> {
  const base = components.index.createIndex() as unknown as IIndex<AnyIndexStore>;
  const schema = historySchema(dims);
  const filterSchema = { domains: schema.domains, visitedAt: schema.visitedAt };
  const attach = (store: AnyIndexStore, history: HistoryFields) =>
    attachHistoryFields(store, history, dims, depth, shared);

  const index: IIndex<HistoryIndexStore> = {
    ...(base as unknown as IIndex<HistoryIndexStore>),
    create(orama, sharedIds) {
      const store = base.create(orama, sharedIds, filterSchema as never);
      return attach(store, {
        sparse: createSparseIndex(),
        vectors: createVectorStore(dims),
        live: new Uint8Array(1024),
      });
    },
    insert(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, opts) {
      const slot = internalId - 1;
      if (prop === TEXT_FIELD) {
        // Orama stores the document just before it indexes its fields.
        const doc = shared.inserting;
        const searchable = doc ? searchableText(doc.title, doc.headingPath, value as string) : (value as string);
        store.history.sparse.add(slot, searchable, doc?.lang);
        markLive(store, slot, true);
        shared.inserting = undefined;
        return;
      }
      if (prop === VECTOR_FIELD) {
        const v = value as number[];
        if (v.length !== dims)
          throw new RetrievalError('model_mismatch', `chunk vector has ${v.length} dims, index expects ${dims}`);
        store.history.vectors.set(slot, Float32Array.from(v));
        return;
      }
      base.insert(
        implementation as never,
        store,
        prop,
        id,
        internalId,
        value,
        schemaType,
        language,
        tokenizer,
        docsCount,
        opts,
      );
    },
    remove(implementation, store, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      const slot = internalId - 1;
      if (prop === TEXT_FIELD) {
        // The document no longer carries its vector, so the text field retires both.
        store.history.sparse.remove(slot);
        store.history.vectors.clear(slot);
        markLive(store, slot, false);
        return true;
      }
      if (prop === VECTOR_FIELD) return true;
      return base.remove(
        implementation as never,
        store,
        prop,
        id,
        internalId,
        value,
        schemaType,
        language,
        tokenizer,
        docsCount,
      );
    },
    search(
      store,
      term,
      _tokenizer,
      _language,
      properties,
      _exact,
      _tolerance,
      _boost,
      relevance,
      _docsCount,
      whereFiltersIDs,
    ) {
      const s = store as HistoryIndexStore;
      if (!properties.includes(TEXT_FIELD)) return [];
      const { scores, matched } = s.history.sparse.scoreAll(term, { k1: relevance.k, b: relevance.b });
      shared.last.sparse = scores;
      const accept = whereFiltersIDs ? (slot: number) => whereFiltersIDs.has(slot + 1) : undefined;
      return selectTopK(scores, depth, matched, accept).map((h) => [h.slot + 1, h.score] as TokenScore);
    },
    save(store) {
      return saveHistoryFields(store, shared) as never;
    },
    load(sharedIds, raw) {
      return loadHistoryFields(raw, dims, {
        open: (fields) => attach(base.create(undefined as never, sharedIds as never, filterSchema as never), fields),
        insertFilter: (store, prop, id, value, count) =>
          base.insert(
            index as never,
            store,
            prop,
            id,
            id,
            value,
            prop === 'domains' ? 'enum[]' : 'number',
            undefined,
            undefined as never,
            count,
          ),
      });
    },
  };
  return index;
}
