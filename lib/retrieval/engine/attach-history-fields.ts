/**
 * Turns one of Orama's default index stores into the history index's: the typed-array fields are attached,
 * and the text and vector properties are declared searchable so Orama's pipeline routes them to our
 * component instead of its radix tree and vector index.
 */
import type { AnyIndexStore } from '@orama/orama';
import { historySchema, TEXT_FIELD, VECTOR_FIELD } from './history-schema';
import type { HistoryComponentsShared, HistoryFields, HistoryIndexStore } from './history-store-types';
import { historyVectorField } from './history-vector-field';

export function attachHistoryFields(
  store: AnyIndexStore,
  history: HistoryFields,
  dims: number,
  depth: number,
  shared: HistoryComponentsShared,
): HistoryIndexStore {
  const schema = historySchema(dims);
  const s = store as HistoryIndexStore;
  s.history = history;
  s.searchableProperties.push(TEXT_FIELD, VECTOR_FIELD);
  s.searchablePropertiesWithTypes[TEXT_FIELD] = schema[TEXT_FIELD];
  s.searchablePropertiesWithTypes[VECTOR_FIELD] = schema[VECTOR_FIELD];
  s.vectorIndexes[VECTOR_FIELD] = {
    type: 'Vector',
    node: historyVectorField(s, dims, depth, shared) as never,
    isArray: false,
  };
  return s;
}
