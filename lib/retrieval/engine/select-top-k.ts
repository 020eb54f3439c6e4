/** Top-k selection with a bounded min-heap, so ranking 100k scores never sorts them all. */

/** A scored index slot. */
export interface ScoredSlot {
  slot: number;
  score: number;
}

/**
 * Returns the k highest-scoring slots, best first. `slots` lists the candidates (all of them when
 * omitted, i.e. 0..scores.length-1); `accept` drops slots (filters, tombstones) before ranking.
 */
export function selectTopK(
  scores: ArrayLike<number>,
  k: number,
  slots?: ArrayLike<number>,
  accept?: (slot: number) => boolean,
): ScoredSlot[] {
  if (k <= 0) return [];
  const heapSlot = new Int32Array(k);
  const heapScore = new Float64Array(k);
  let size = 0;
  const n = slots ? slots.length : scores.length;
  for (let i = 0; i < n; i++) {
    const slot = slots ? slots[i]! : i;
    const s = scores[slot]!;
    if (size === k && s <= heapScore[0]!) continue;
    if (accept && !accept(slot)) continue;
    if (size < k) {
      // sift up
      let j = size++;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (heapScore[p]! <= s) break;
        heapScore[j] = heapScore[p]!;
        heapSlot[j] = heapSlot[p]!;
        j = p;
      }
      heapScore[j] = s;
      heapSlot[j] = slot;
    } else {
      // replace the root (the current minimum) and sift down
      let j = 0;
      for (;;) {
        const l = 2 * j + 1;
        if (l >= k) break;
        const r = l + 1;
        const c = r < k && heapScore[r]! < heapScore[l]! ? r : l;
        if (heapScore[c]! >= s) break;
        heapScore[j] = heapScore[c]!;
        heapSlot[j] = heapSlot[c]!;
        j = c;
      }
      heapScore[j] = s;
      heapSlot[j] = slot;
    }
  }
  const out: ScoredSlot[] = [];
  for (let i = 0; i < size; i++) out.push({ slot: heapSlot[i]!, score: heapScore[i]! });
  return out.sort((a, b) => b.score - a.score || a.slot - b.slot);
}
