/**
 * What the operator does before anyone can sign in: create people and teams, and issue a first token. These run
 * as the login role (not through row-level security), so they are never reachable from a request.
 */
import type { Queryable } from '../db/database';
import { newAccessToken } from '../auth/access-token';

export async function createUser(
  db: Queryable,
  user: { email: string; displayName?: string; platformAdmin?: boolean },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tabwise.users (email, display_name, platform_admin) VALUES ($1, $2, $3) RETURNING id`,
    [user.email, user.displayName ?? '', user.platformAdmin ?? false],
  );
  return rows[0]!.id;
}

export async function createTeam(db: Queryable, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO tabwise.teams (name) VALUES ($1) RETURNING id`, [name]);
  return rows[0]!.id;
}

export async function addMember(db: Queryable, teamId: string, userId: string, role: 'member' | 'admin') {
  await db.query(
    `INSERT INTO tabwise.members (team_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (team_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [teamId, userId, role],
  );
}

/** A new personal access token for `userId`; the token itself is returned once and never stored. */
export async function issueAccessToken(
  db: Queryable,
  userId: string,
  name = '',
): Promise<{ id: string; token: string }> {
  const { token, hash } = newAccessToken();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tabwise.access_tokens (user_id, token_hash, name) VALUES ($1, $2, $3) RETURNING id`,
    [userId, hash, name],
  );
  return { id: rows[0]!.id, token };
}

/**
 * On a database with no users yet: `email` becomes the platform admin and the admin of a new team, with a
 * token. Answers undefined when there are users already (a restart never issues another token).
 */
export async function bootstrapFirstAdmin(
  db: Queryable,
  email: string,
  teamName: string,
): Promise<{ userId: string; teamId: string; token: string } | undefined> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM tabwise.users');
  if (Number(rows[0]!.n) > 0) return undefined;
  const userId = await createUser(db, { email, platformAdmin: true });
  const teamId = await createTeam(db, teamName);
  await addMember(db, teamId, userId, 'admin');
  const { token } = await issueAccessToken(db, userId, 'bootstrap');
  return { userId, teamId, token };
}
