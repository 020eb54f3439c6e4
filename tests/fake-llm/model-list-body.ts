import type { Wire } from './recorded-request';

// A fixed date, so listings are stable across runs.
const created = Date.UTC(2025, 0, 1) / 1000;

/** Turns `claude-sonnet-4-5` into `Claude Sonnet 4 5`: good enough for a display name. */
function displayName(id: string): string {
  return id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** `GET /v1/models` in the vendor's shape: OpenAI's `{object:'list', data}` or Anthropic's paged list. */
export function modelListBody(
  wire: Wire,
  models: readonly string[],
  extras: Record<string, Record<string, unknown>> = {},
) {
  if (wire === 'openai') {
    return {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created, owned_by: 'system', ...extras[id] })),
    };
  }
  return {
    data: models.map((id) => ({
      type: 'model',
      id,
      display_name: displayName(id),
      created_at: new Date(created * 1000).toISOString(),
    })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models.at(-1) ?? null,
  };
}
