/**
 * Which slots hold a live chunk. Removal only clears a slot's flag (slots are never reused), so the vector
 * side's flat scan and save() skip removed chunks by it.
 */
import type { HistoryIndexStore } from './history-store-types';

export function isLive(store: HistoryIndexStore, slot: number): boolean {
  return store.history.live[slot] === 1;
}

/** Sets a slot's flag, growing the flags (doubling) when the slot is past their end. */
export function markLive(store: HistoryIndexStore, slot: number, on: boolean): void {
  let live = store.history.live;
  if (slot >= live.length) {
    const bigger = new Uint8Array(Math.max(slot + 1, live.length * 2));
    bigger.set(live);
    live = store.history.live = bigger;
  }
  live[slot] = on ? 1 : 0;
}
