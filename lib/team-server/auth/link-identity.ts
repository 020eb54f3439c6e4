/**
 * Who an IdP subject is on this server. In order: the person already linked to this issuer and `sub`; else, by the
 * email the IdP says it verified, the person with that email, or (first sign-in) a new person for every live
 * invitation to that email, or a new member of the team an auto-join rule gives that email's domain. Anyone else is
 * not let in: an IdP account alone makes nobody a member. Runs as the login role, before any caller exists.
 */
import type { Queryable } from '../db/database';

/** The claims of an ID token (or IdP access token) this step reads. */
export interface IdpClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/** Whom the claims sign in, or why nobody: no verified email, or nobody invited it. */
export type LinkResult = { userId: string } | { refused: 'no-verified-email' | 'not-invited' };

export async function linkIdentity(
  tx: Queryable,
  issuer: string,
  claims: IdpClaims,
  autoJoin: readonly { domain: string; teamId: string }[],
): Promise<LinkResult> {
  const linked = await tx.query<{ user_id: string }>(
    `UPDATE tabwise.identities SET last_seen_at = now() WHERE issuer = $1 AND subject = $2 RETURNING user_id`,
    [issuer, claims.sub],
  );
  if (linked.rows[0]) return { userId: linked.rows[0].user_id };
  const email =
    typeof claims.email === 'string' && claims.email_verified === true && claims.email.length <= 320
      ? claims.email.toLowerCase()
      : undefined;
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) return { refused: 'no-verified-email' };
  const userId = (await existingUser(tx, email)) ?? (await joinFirstTime(tx, email, claims, autoJoin));
  if (!userId) return { refused: 'not-invited' };
  await tx.query(`INSERT INTO tabwise.identities (issuer, subject, user_id) VALUES ($1, $2, $3)`, [
    issuer,
    claims.sub,
    userId,
  ]);
  return { userId };
}

async function existingUser(tx: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM tabwise.users WHERE lower(email) = $1`, [email]);
  return rows[0]?.id;
}

/** A new person, into every team that invited them (the invitations are then used) or that auto-joins the domain. */
async function joinFirstTime(
  tx: Queryable,
  email: string,
  claims: IdpClaims,
  autoJoin: readonly { domain: string; teamId: string }[],
): Promise<string | undefined> {
  const invited = await tx.query<{ id: string; team_id: string; role: string }>(
    `SELECT id, team_id, role FROM tabwise.invitations
      WHERE email = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() FOR UPDATE`,
    [email],
  );
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const joins = [
    ...invited.rows.map((r) => ({ teamId: r.team_id, role: r.role })),
    ...autoJoin.filter((rule) => rule.domain === domain).map((rule) => ({ teamId: rule.teamId, role: 'member' })),
  ];
  if (!joins.length) return undefined;
  const name = typeof claims.name === 'string' ? claims.name.slice(0, 200) : '';
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO tabwise.users (email, display_name) VALUES ($1, $2) RETURNING id`,
    [email, name],
  );
  const userId = rows[0]!.id;
  for (const j of joins)
    await tx.query(
      `INSERT INTO tabwise.members AS m (team_id, user_id, role) SELECT $1, $2, $3 WHERE EXISTS
         (SELECT 1 FROM tabwise.teams WHERE id = $1)
       ON CONFLICT ON CONSTRAINT members_pkey DO UPDATE SET role = CASE WHEN m.role = 'admin' THEN 'admin' ELSE EXCLUDED.role END`,
      [j.teamId, userId, j.role],
    );
  if (invited.rows.length)
    await tx.query(`UPDATE tabwise.invitations SET accepted_at = now(), accepted_by = $2 WHERE id = ANY ($1::uuid[])`, [
      invited.rows.map((r) => r.id),
      userId,
    ]);
  return userId;
}
