/** Forgets a page: its chunks leave the Orama database (their slots are never reused), it leaves the page list, its texts the text store. */
import { remove } from '@orama/orama';
import type { HybridIndexState, PageRecord } from './hybrid-index-state';

/** Returns the number of chunks removed. */
export function removePageRecord(state: HybridIndexState, page: PageRecord): number {
  for (const slot of page.slots) remove(state.db, String(slot));
  state.pages.delete(page.key);
  state.texts.delete(page.key);
  state.live -= page.slots.length;
  return page.slots.length;
}
