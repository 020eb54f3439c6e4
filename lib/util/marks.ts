/**
 * Where a message's time goes in the worker: named moments (epoch milliseconds) kept in a small ring that the
 * latency benches read over DevTools (`globalThis.tabwiseMarks`, tests/bench/_enter-to-request.ts). A mark costs
 * one push; nothing leaves the worker, and no page can reach its globals.
 */
const CAP = 512;
const ring: [name: string, at: number][] = [];
Object.assign(globalThis, { tabwiseMarks: ring });
// The worker's own start (its global's creation), before any of its script ran.
ring.push(['origin', performance.timeOrigin]);

export function mark(name: string): void {
  if (ring.length >= CAP) ring.splice(0, ring.length - CAP + 1);
  ring.push([name, performance.timeOrigin + performance.now()]);
}
