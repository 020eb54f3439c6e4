/** The stored document of a live slot; a page record pointing at a missing one means the index is damaged. */
import { getByID } from '@orama/orama';
import { RetrievalError } from '../retrieval-error';
import type { HistoryDoc } from './history-schema';
import type { HistoryDb } from './new-history-db';

export function historyDocAt(db: HistoryDb, slot: number): HistoryDoc {
  const doc = getByID(db, String(slot)) as HistoryDoc | undefined;
  if (!doc) throw new RetrievalError('corrupt_snapshot', `chunk slot ${slot} has no document`);
  return doc;
}
