/**
 * A team's people as the caller sees and changes them: every query runs inside `withCaller`, so row-level
 * security decides (members read their team's people; admins change members and invitations). The functions
 * check the caller's role first as well, so a refusal is a clear 403 rather than a silent "nothing changed".
 */
import type { Queryable } from '../db/database';
import { newSecret } from '../auth/access-token';
import { TeamRefusal } from '../team-refusal';

export type TeamRole = 'member' | 'admin';

/** Refused by the API's own check (the database would refuse too). */
export const notTeamAdmin = () => new TeamRefusal('not-admin', 'only an admin of this team may do this');

/** The caller's role in a team, or undefined when they are not in it. */
export async function callerRole(tx: Queryable, teamId: string): Promise<TeamRole | undefined> {
  const { rows } = await tx.query<{ role: TeamRole }>(
    'SELECT role FROM members WHERE team_id = $1 AND user_id = tabwise.caller_id()',
    [teamId],
  );
  return rows[0]?.role;
}

async function requireAdmin(tx: Queryable, teamId: string) {
  if ((await callerRole(tx, teamId)) !== 'admin') throw notTeamAdmin();
}

/** Whether the caller administers anything: a team admin or a platform admin (who may see /health). */
export async function callerIsAnyAdmin(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ admin: boolean }>(
    `SELECT (SELECT tabwise.caller_is_platform_admin()) OR cardinality(tabwise.caller_admin_team_ids()) > 0 AS admin`,
  );
  return rows[0]!.admin;
}

export interface MemberRecord {
  userId: string;
  email: string;
  displayName: string;
  role: TeamRole;
  joinedAt: string;
}

/** The team's people (the caller must be in the team: otherwise the policies answer nothing, and so does this). */
export async function listMembers(tx: Queryable, teamId: string): Promise<MemberRecord[] | undefined> {
  if (!(await callerRole(tx, teamId))) return undefined;
  const { rows } = await tx.query<MemberRecord & { joinedAt: Date }>(
    `SELECT m.user_id AS "userId", u.email, u.display_name AS "displayName", m.role, m.created_at AS "joinedAt"
       FROM members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 ORDER BY u.email`,
    [teamId],
  );
  return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() }));
}

/** Changes a member's role; false when they are not in the team. */
export async function setMemberRole(tx: Queryable, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
  await requireAdmin(tx, teamId);
  const { rowCount } = await tx.query('UPDATE members SET role = $3 WHERE team_id = $1 AND user_id = $2', [
    teamId,
    userId,
    role,
  ]);
  return rowCount === 1;
}

/**
 * Removes a member; false when they were not in the team. Their access to the team's documents ends with this
 * transaction (every policy reads `members`), and if it was their last team their tokens are revoked by the
 * database in the same statement (migration 003).
 */
export async function removeMember(tx: Queryable, teamId: string, userId: string): Promise<boolean> {
  await requireAdmin(tx, teamId);
  const { rowCount } = await tx.query('DELETE FROM members WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
  return rowCount === 1;
}

export interface InvitationRecord {
  id: string;
  teamId: string;
  email: string;
  role: TeamRole;
  createdAt: string;
  expiresAt: string;
}

const INVITATION_COLUMNS = `id, team_id AS "teamId", email, role, created_at AS "createdAt", expires_at AS "expiresAt"`;
const toInvitation = (r: InvitationRecord & { createdAt: unknown; expiresAt: unknown }): InvitationRecord => ({
  ...r,
  createdAt: new Date(r.createdAt as string).toISOString(),
  expiresAt: new Date(r.expiresAt as string).toISOString(),
});

/** A new invitation; its token is returned once and only its hash is stored. */
export async function createInvitation(
  tx: Queryable,
  teamId: string,
  invite: { email: string; role: TeamRole; expiresInHours: number },
): Promise<InvitationRecord & { token: string }> {
  await requireAdmin(tx, teamId);
  const { token, hash } = newSecret('twi');
  const { rows } = await tx.query<InvitationRecord & { createdAt: unknown; expiresAt: unknown }>(
    `INSERT INTO invitations (team_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, lower($2), $3, $4, tabwise.caller_id(), now() + make_interval(hours => $5))
     RETURNING ${INVITATION_COLUMNS}`,
    [teamId, invite.email, invite.role, hash, invite.expiresInHours],
  );
  return { ...toInvitation(rows[0]!), token };
}

/** Invitations not yet used, revoked or expired. */
export async function listInvitations(tx: Queryable, teamId: string): Promise<InvitationRecord[]> {
  await requireAdmin(tx, teamId);
  const { rows } = await tx.query<InvitationRecord & { createdAt: unknown; expiresAt: unknown }>(
    `SELECT ${INVITATION_COLUMNS} FROM invitations
      WHERE team_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC`,
    [teamId],
  );
  return rows.map(toInvitation);
}

export async function revokeInvitation(tx: Queryable, teamId: string, id: string): Promise<boolean> {
  await requireAdmin(tx, teamId);
  const { rowCount } = await tx.query(
    `UPDATE invitations SET revoked_at = now() WHERE team_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [teamId, id],
  );
  return rowCount === 1;
}

export interface Redeemed {
  userId: string;
  teamId: string;
  role: TeamRole;
  /** Whether the person was created now (they then get a first token). */
  created: boolean;
}

/**
 * Redeems an invitation for the caller set on `tx` (none: a new person). Throws `invitationInvalid()` (used, revoked,
 * expired, unknown) or a 42501 (it is someone else's).
 */
export async function redeemInvitation(tx: Queryable, hash: Buffer, displayName: string): Promise<Redeemed> {
  try {
    const { rows } = await tx.query<Redeemed>(
      `SELECT user_id AS "userId", team_id AS "teamId", role, created FROM tabwise.redeem_invitation($1, $2)`,
      [hash, displayName],
    );
    return rows[0]!;
  } catch (error) {
    if ((error as { code?: string }).code === 'TW404') throw invitationInvalid();
    throw error;
  }
}

/** No such invitation, or it was used, revoked or has expired. */
export const invitationInvalid = () =>
  new TeamRefusal('invitation-invalid', 'no such invitation, or it was used, revoked or has expired');
