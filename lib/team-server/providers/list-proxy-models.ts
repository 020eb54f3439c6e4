/**
 * `GET /models` of the pass-through, in each vendor's listing format, so an SDK's model list (the extension's
 * model picker, "Test connection") shows the models of the caller's teams' providers of that wire.
 */
import type { Queryable } from '../db/database';
import type { Wire } from './wire-error';

export async function listProxyModels(tx: Queryable, wire: Wire): Promise<unknown> {
  const kinds = wire === 'anthropic' ? ['anthropic'] : ['openai', 'openai-compatible'];
  const { rows } = await tx.query<{ model: string; created_at: Date }>(
    `SELECT DISTINCT ON (m.model) m.model, p.created_at
       FROM team_providers p CROSS JOIN LATERAL unnest(p.models) AS m(model)
      WHERE p.kind = ANY ($1) ORDER BY m.model, p.created_at`,
    [kinds],
  );
  if (wire === 'openai')
    return {
      object: 'list',
      data: rows.map((r) => ({
        id: r.model,
        object: 'model',
        created: Math.floor(r.created_at.getTime() / 1000),
        owned_by: 'team',
      })),
    };
  const data = rows.map((r) => ({
    type: 'model',
    id: r.model,
    display_name: r.model,
    created_at: r.created_at.toISOString(),
  }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
