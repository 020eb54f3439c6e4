/**
 * Events as the caller may read them: row-level security (migration 007's `events_read`) is the filter. A cursor
 * is the writing transaction and the event id; only transactions older than every one still running are read,
 * so an event whose transaction commits after a later one's is still delivered, in order, exactly once.
 */
import type { Queryable } from '../db/database';

/** What a client hears: what happened, to what, where. */
export interface TeamEvent {
  /** `tx.id`: the cursor to resume from (SSE `Last-Event-ID`). */
  id: string;
  kind: 'document.indexed' | 'document.failed' | 'document.deleted' | 'team.members';
  scope: 'user' | 'team' | 'platform';
  teamId: string | null;
  documentId: string | null;
  data: Record<string, unknown>;
  at: string;
}

export interface EventCursor {
  tx: string;
  id: string;
}

const CURSOR = /^(\d{1,20})\.(\d{1,19})$/;

/** A cursor from `Last-Event-ID` (or `?after=`); undefined when absent or not one of ours. */
export function parseEventCursor(text: string | undefined): EventCursor | undefined {
  const m = text ? CURSOR.exec(text.trim()) : null;
  return m ? { tx: m[1]!, id: m[2]! } : undefined;
}

/** Where a new stream starts: after everything already committed, before anything still running. */
export async function currentEventCursor(tx: Queryable): Promise<EventCursor> {
  const { rows } = await tx.query<{ tx: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS tx`);
  return { tx: rows[0]!.tx, id: '0' };
}

interface EventRow {
  tx: string;
  id: string;
  kind: TeamEvent['kind'];
  scope: TeamEvent['scope'];
  team_id: string | null;
  document_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}

/** Up to `limit` events after `cursor` that the caller may read, oldest first. */
export async function readEventsAfter(tx: Queryable, cursor: EventCursor, limit: number): Promise<TeamEvent[]> {
  const { rows } = await tx.query<EventRow>(
    `SELECT tx::text, id::text, kind, scope, team_id, document_id, data, created_at FROM tabwise.events
      WHERE (tx, id) > ($1::xid8, $2::bigint) AND tx < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY tx, id LIMIT $3`,
    [cursor.tx, cursor.id, limit],
  );
  return rows.map((r) => ({
    id: `${r.tx}.${r.id}`,
    kind: r.kind,
    scope: r.scope,
    teamId: r.team_id,
    documentId: r.document_id,
    data: r.data,
    at: r.created_at.toISOString(),
  }));
}
