/**
 * A conversation to show when the panel opens (a scheduled run's notification was clicked): it waits in
 * chrome.storage.session, which content scripts cannot read, until a panel takes it. No schema library here: the
 * panel reads it at start.
 */
export const PENDING_OPEN_KEY = 'tabwise.pendingOpen';
/** A click older than this is not acted on by a panel opened later. */
export const PENDING_OPEN_TTL_MS = 60_000;

export interface PendingOpen {
  conversationId: string;
  createdAt: number;
}

export function isPendingOpen(value: unknown): value is PendingOpen {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.conversationId === 'string' &&
    v.conversationId.length > 0 &&
    v.conversationId.length <= 200 &&
    typeof v.createdAt === 'number' &&
    Number.isFinite(v.createdAt)
  );
}
