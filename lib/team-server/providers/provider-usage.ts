/**
 * What the pass-through meters: one row per request with the tokens its final usage event reported and their cost
 * (cost units, from the provider's prices), and the budget check before a request. Row-level security lets a
 * member read their own rows and an admin their team's.
 */
import type { Queryable } from '../db/database';
import { TeamRefusal } from '../team-refusal';
import { MONTH_START, type ModelPrice, type TeamProviderView } from './team-provider-queries';

/** Tokens of one request: `input` counts every prompt token, cached ones included. */
export interface MeteredTokens {
  input: number;
  output: number;
  cached: number;
}

/** The cost of `tokens` at `price` (per million tokens); no price: 0. */
export function costOf(tokens: MeteredTokens, price: ModelPrice | undefined): number {
  if (!price) return 0;
  const cached = Math.min(tokens.cached, tokens.input);
  return (
    ((tokens.input - cached) * price.input +
      cached * (price.cachedInput ?? price.input) +
      tokens.output * price.output) /
    1_000_000
  );
}

/** Records one request's usage as the caller. */
export async function recordUsage(tx: Queryable, p: TeamProviderView, model: string, tokens: MeteredTokens) {
  await tx.query(
    `INSERT INTO provider_usage (team_id, user_id, provider_id, model, input_tokens, output_tokens, cached_tokens, cost)
     VALUES ($1, tabwise.caller_id(), $2, $3, $4, $5, $6, $7)`,
    [p.teamId, p.id, model, tokens.input, tokens.output, tokens.cached, costOf(tokens, p.prices[model])],
  );
}

/** Per member of the team this month, with their budget (admins only). */
export async function readTeamUsage(tx: Queryable, teamId: string) {
  const admin = await tx.query<{ ok: boolean }>('SELECT $1::uuid = ANY (tabwise.caller_admin_team_ids()) AS ok', [
    teamId,
  ]);
  if (!admin.rows[0]?.ok) throw new TeamRefusal('not-admin', "only the team's admins read its usage");
  const { rows } = await tx.query<{
    user_id: string;
    email: string;
    requests: string;
    input: string;
    output: string;
    cost: string;
    limit: string | null;
  }>(
    `SELECT m.user_id, u.email, count(p.id) AS requests, coalesce(sum(p.input_tokens), 0) AS input,
            coalesce(sum(p.output_tokens), 0) AS output, coalesce(sum(p.cost), 0) AS cost, b.monthly_limit AS limit
       FROM members m JOIN users u ON u.id = m.user_id
       LEFT JOIN provider_usage p ON p.team_id = m.team_id AND p.user_id = m.user_id AND p.created_at >= ${MONTH_START}
       LEFT JOIN member_budgets b ON b.team_id = m.team_id AND b.user_id = m.user_id
      WHERE m.team_id = $1
      GROUP BY m.user_id, u.email, b.monthly_limit ORDER BY u.email`,
    [teamId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    requests: Number(r.requests),
    inputTokens: Number(r.input),
    outputTokens: Number(r.output),
    cost: Number(r.cost),
    monthlyBudget: r.limit === null ? null : Number(r.limit),
  }));
}

/** The caller's own usage this month, per team. */
export async function readMyUsage(tx: Queryable) {
  const { rows } = await tx.query<{ team_id: string; requests: string; cost: string; limit: string | null }>(
    `SELECT m.team_id, count(p.id) AS requests, coalesce(sum(p.cost), 0) AS cost, b.monthly_limit AS limit
       FROM members m
       LEFT JOIN provider_usage p ON p.team_id = m.team_id AND p.user_id = m.user_id AND p.created_at >= ${MONTH_START}
       LEFT JOIN member_budgets b ON b.team_id = m.team_id AND b.user_id = m.user_id
      WHERE m.user_id = tabwise.caller_id()
      GROUP BY m.team_id, b.monthly_limit`,
  );
  return rows.map((r) => ({
    teamId: r.team_id,
    requests: Number(r.requests),
    cost: Number(r.cost),
    monthlyBudget: r.limit === null ? null : Number(r.limit),
  }));
}
