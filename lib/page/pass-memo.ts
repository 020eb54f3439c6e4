/**
 * Memos that live for one read-only pass over the page (a snapshot, a fill's check of its fields): facts an
 * element's ancestors share (their visibility, their cursor, whether they are a link) are worked out once
 * per pass instead of once per element asking. Outside a pass nothing is kept, so a fact read after the page
 * changed is always fresh.
 */
let active: Map<string, Map<Element, unknown>> | undefined;

/** Runs `pass` (which must not change the page) with the memos on; nested passes share the outer one's. */
export function withPassMemo<T>(pass: () => T): T {
  if (active) return pass();
  active = new Map();
  try {
    return pass();
  } finally {
    active = undefined;
  }
}

/** The memo table named `name` of the running pass, or undefined outside a pass. */
export function passMemo<V>(name: string): Map<Element, V> | undefined {
  if (!active) return undefined;
  let table = active.get(name);
  if (!table) active.set(name, (table = new Map()));
  return table as Map<Element, V>;
}
