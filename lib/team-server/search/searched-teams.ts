/**
 * Which teams' HNSW graphs a person's search reads (migration 013's `searched_team_ids`: their teams, and those
 * holding their own documents), remembered per database and person so a search does not ask every time. Every
 * search checks what it was given: its statement also returns the caller's teams as the policies saw them, and
 * when those differ from the ones remembered (a membership added or removed since) the entry is read again and
 * the search runs again (search-chunks.ts). A stale entry costs a second run; it never decides what anyone may
 * read, which is the policies' alone.
 */
import type pg from 'pg';

export interface SearchedTeams {
  /** The person's teams when this was read, sorted: what a search compares the policies' answer with. */
  members: readonly string[];
  /** The teams whose graphs are read, sorted. */
  searched: readonly string[];
}

/** At most this many people per database are remembered; the least recently searched go first. */
const MAX_REMEMBERED = 10_000;
const remembered = new WeakMap<pg.Pool, Map<string, SearchedTeams>>();

/** Remembered, or (`fresh`, or never read) read now. */
export async function searchedTeams(db: pg.Pool, userId: string, fresh = false): Promise<SearchedTeams> {
  const people = remembered.get(db) ?? remembered.set(db, new Map()).get(db)!;
  const known = people.get(userId);
  people.delete(userId);
  if (known && !fresh) {
    people.set(userId, known);
    return known;
  }
  const { rows } = await db.query<{ members: string[]; searched: string[] }>(
    `SELECT coalesce((SELECT array_agg(m.team_id ORDER BY m.team_id) FROM tabwise.members m WHERE m.user_id = $1),
                     '{}') AS members,
            tabwise.searched_team_ids($1) AS searched`,
    [userId],
  );
  const entry = { members: rows[0]!.members, searched: rows[0]!.searched };
  people.set(userId, entry);
  if (people.size > MAX_REMEMBERED) people.delete(people.keys().next().value!);
  return entry;
}

/** The same teams, whatever their order. */
export function sameTeams(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((t, i) => t === sorted[i]);
}
