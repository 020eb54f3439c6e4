/** An empty Orama database of history chunks, on the history index's components (orama-components.ts). */
import { create } from '@orama/orama';
import { historySchema } from './history-schema';
import type { HistoryComponents } from './orama-components';

export function newHistoryDb(fields: HistoryComponents, dims: number) {
  return create({
    schema: historySchema(dims),
    // Results are ranked by our own fusion, never sorted by a field: no sort index to build or save.
    sort: { enabled: false },
    components: {
      index: fields.index,
      documentsStore: fields.documentsStore,
      getDocumentIndexId: fields.getDocumentIndexId,
    },
  });
}

export type HistoryDb = ReturnType<typeof newHistoryDb>;
