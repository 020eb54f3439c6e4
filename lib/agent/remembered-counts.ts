/**
 * Token counts of texts a run sends again and again unchanged (the offered tools' specs, the system prompt while
 * its date line stands), remembered per counter and per text: the same text counted by the same counter is the
 * same number, so a count is never stale, and a changed tool set or prompt is a new text, counted afresh.
 */
import type { EstimateTokens } from './run-context';

/** Texts remembered per counter (a handful of tool sets and prompts; the oldest is dropped first). */
const KEPT = 8;

export function rememberedCounts(): (text: string, count: EstimateTokens) => number {
  const byCounter = new WeakMap<EstimateTokens, Map<string, number>>();
  return (text, count) => {
    let known = byCounter.get(count);
    if (!known) byCounter.set(count, (known = new Map()));
    const held = known.get(text);
    if (held !== undefined) {
      known.delete(text);
      known.set(text, held);
      return held;
    }
    const n = count(text);
    known.set(text, n);
    if (known.size > KEPT) known.delete(known.keys().next().value!);
    return n;
  };
}
