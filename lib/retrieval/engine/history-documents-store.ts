/**
 * The history index's Orama `documentsStore` component: Orama's default store, minus each document's vector
 * (the vector field holds it as int8 already), and telling the index component which store is in use (its
 * text field reads a chunk's title and headings from the stored document).
 */
import { components, type IDocumentsStore } from '@orama/orama';
import { VECTOR_FIELD, type HistoryDoc } from './history-schema';
import type { HistoryComponentsShared } from './history-store-types';

export function historyDocumentsStore(shared: HistoryComponentsShared): IDocumentsStore {
  const baseDocs = components.documentsStore.createDocumentsStore();
  return {
    ...baseDocs,
    create(orama, sharedIds) {
      const store = baseDocs.create(orama, sharedIds);
      shared.docs = store as never;
      return store;
    },
    load(sharedIds, raw) {
      const store = baseDocs.load(sharedIds, raw);
      shared.docs = store as never;
      return store;
    },
    store(store, id, internalId, doc) {
      // Keep the document without its vector: the vector field holds it as int8 already.
      const { [VECTOR_FIELD]: _vector, ...rest } = doc as HistoryDoc;
      return baseDocs.store(store as never, id, internalId, rest);
    },
  };
}
