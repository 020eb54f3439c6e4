/**
 * Team providers, modes, budgets and usage as the caller may see them: every query runs in the caller's
 * transaction (withCaller), so row-level security decides; nothing here filters by team for safety's sake.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { TeamRefusal } from '../team-refusal';
import type { KeySealer } from './seal-provider-key';

export type TeamProviderKind = 'openai' | 'anthropic' | 'openai-compatible';
export type ProviderMode = 'team-only' | 'team-and-own';

/** Cost units per million tokens of one model. */
export interface ModelPrice {
  input: number;
  output: number;
  cachedInput?: number;
}

/** A provider as any member of its team sees it: never its key. */
export interface TeamProviderView {
  id: string;
  teamId: string;
  name: string;
  kind: TeamProviderKind;
  baseUrl: string;
  models: string[];
  prices: Record<string, ModelPrice>;
  createdAt: string;
}

export interface NewTeamProvider {
  name: string;
  kind: TeamProviderKind;
  baseUrl: string;
  models: string[];
  prices?: Record<string, ModelPrice>;
  apiKey: string;
}

const COLUMNS = 'id, team_id, name, kind, base_url, models, prices, created_at';

/** The first instant of this month (UTC): budgets are monthly. */
export const MONTH_START = `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

interface ProviderRow {
  id: string;
  team_id: string;
  name: string;
  kind: TeamProviderKind;
  base_url: string;
  models: string[];
  prices: Record<string, ModelPrice>;
  created_at: Date;
}

const toView = (r: ProviderRow): TeamProviderView => ({
  id: r.id,
  teamId: r.team_id,
  name: r.name,
  kind: r.kind,
  baseUrl: r.base_url,
  models: r.models,
  prices: r.prices,
  createdAt: r.created_at.toISOString(),
});

async function assertAdmin(tx: Queryable, teamId: string) {
  const { rows } = await tx.query<{ ok: boolean }>('SELECT $1::uuid = ANY (tabwise.caller_admin_team_ids()) AS ok', [
    teamId,
  ]);
  if (!rows[0]?.ok) throw new TeamRefusal('not-admin', "only the team's admins manage its providers");
}

/** Adds a provider (admins): the key is sealed before it reaches the database and is not returned. */
export async function addTeamProvider(
  tx: Queryable,
  sealer: KeySealer,
  teamId: string,
  input: NewTeamProvider,
): Promise<TeamProviderView> {
  await assertAdmin(tx, teamId);
  const id = randomUUID();
  const sealed = sealer.seal(input.apiKey, { teamId, providerId: id });
  const { rows } = await tx.query<ProviderRow>(
    `INSERT INTO team_providers (id, team_id, name, kind, base_url, models, prices, sealed_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, tabwise.caller_id()) RETURNING ${COLUMNS}`,
    [id, teamId, input.name, input.kind, input.baseUrl, input.models, JSON.stringify(input.prices ?? {}), sealed],
  );
  return toView(rows[0]!);
}

/** Removes a provider (admins); false when there is none the caller may remove. */
export async function deleteTeamProvider(tx: Queryable, teamId: string, id: string): Promise<boolean> {
  await assertAdmin(tx, teamId);
  const { rowCount } = await tx.query('DELETE FROM team_providers WHERE team_id = $1 AND id = $2', [teamId, id]);
  return (rowCount ?? 0) > 0;
}

/** Sets a team's mode (admins). */
export async function setProviderMode(tx: Queryable, teamId: string, mode: ProviderMode): Promise<void> {
  await assertAdmin(tx, teamId);
  await tx.query(
    `INSERT INTO team_provider_modes (team_id, mode) VALUES ($1, $2)
     ON CONFLICT (team_id) DO UPDATE SET mode = EXCLUDED.mode, updated_at = now()`,
    [teamId, mode],
  );
}

/** Sets (a number) or lifts (null) a member's monthly budget (admins). */
export async function setMemberBudget(tx: Queryable, teamId: string, userId: string, limit: number | null) {
  await assertAdmin(tx, teamId);
  const member = await tx.query('SELECT 1 FROM members WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
  if (!member.rowCount) return false;
  if (limit === null)
    await tx.query('DELETE FROM member_budgets WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
  else
    await tx.query(
      `INSERT INTO member_budgets (team_id, user_id, monthly_limit) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) DO UPDATE SET monthly_limit = EXCLUDED.monthly_limit, updated_at = now()`,
      [teamId, userId, limit],
    );
  return true;
}

/** Per team of the caller: its name, mode and providers (the extension's model picker reads this). */
export async function listMyTeamProviders(tx: Queryable) {
  const teams = await tx.query<{ id: string; name: string; mode: ProviderMode | null }>(
    `SELECT t.id, t.name, m.mode FROM teams t LEFT JOIN team_provider_modes m ON m.team_id = t.id ORDER BY t.name`,
  );
  const providers = await tx.query<ProviderRow>(`SELECT ${COLUMNS} FROM team_providers ORDER BY name`);
  return teams.rows.map((t) => ({
    teamId: t.id,
    teamName: t.name,
    mode: t.mode ?? ('team-and-own' as const),
    providers: providers.rows.filter((p) => p.team_id === t.id).map(toView),
  }));
}

/** What the pass-through needs of the provider it picked: the provider, its key opened, the caller's budget. */
export interface ChosenProvider {
  provider: TeamProviderView;
  key: string;
  budget: { limit?: number; spent: number };
}

/**
 * The provider a pass-through request goes to: of the caller's teams, of a kind speaking `wire`, listing `model`
 * (`providerId` narrows it to one), with its key (only a member of its team gets it from the database) and the
 * caller's budget there this month, in one round trip (it is on every request's path to the first token).
 * Undefined when there is none.
 */
export async function chooseProvider(
  tx: Queryable,
  sealer: KeySealer,
  wire: 'openai' | 'anthropic',
  model: string,
  providerId?: string,
): Promise<ChosenProvider | undefined> {
  const kinds = wire === 'anthropic' ? ['anthropic'] : ['openai', 'openai-compatible'];
  const { rows } = await tx.query<ProviderRow & { sealed: Buffer | null; limit: string | null; spent: string | null }>(
    `SELECT ${COLUMNS.replace(/(\w+)/g, 'p.$1')}, tabwise.team_provider_sealed_key(p.id) AS sealed, b.monthly_limit AS limit,
            CASE WHEN b.monthly_limit IS NULL THEN NULL ELSE
              (SELECT coalesce(sum(u.cost), 0) FROM provider_usage u
                WHERE u.team_id = p.team_id AND u.user_id = tabwise.caller_id() AND u.created_at >= ${MONTH_START}) END AS spent
       FROM team_providers p
       LEFT JOIN member_budgets b ON b.team_id = p.team_id AND b.user_id = tabwise.caller_id()
      WHERE p.kind = ANY ($1) AND $2 = ANY (p.models) AND ($3::uuid IS NULL OR p.id = $3::uuid)
      ORDER BY p.created_at LIMIT 1`,
    [kinds, model, providerId ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.sealed) throw new TeamRefusal('scope', 'not a provider of your team');
  const provider = toView(row);
  return {
    provider,
    key: sealer.open(row.sealed, { teamId: provider.teamId, providerId: provider.id }),
    budget: { ...(row.limit !== null ? { limit: Number(row.limit) } : {}), spent: Number(row.spent ?? 0) },
  };
}
