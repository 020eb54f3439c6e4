/**
 * A creation time for a new record in a list ordered by creation: now, or just after the newest record when
 * that is not earlier (records saved within one millisecond, as an import does, still list in the order
 * they were added instead of falling back to their random ids' order).
 */
export function nextCreatedAt(now: number, existing: ReadonlyArray<{ createdAt: number }>): number {
  return existing.reduce((at, r) => Math.max(at, r.createdAt + 1), now);
}
