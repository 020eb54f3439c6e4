/**
 * A server's input schema, checked before it is passed on to a provider: it must be a JSON object schema of
 * bounded size, and keys the providers reject or that point elsewhere are dropped. A schema that fails gets
 * its tool skipped with the reason shown in Settings (in the user's language).
 */
import { t } from '../../util/t';
import { isRecord } from '../../util/is-record';

export const MAX_SCHEMA_BYTES = 16 * 1024;

export type SchemaCheck = { ok: true; schema: Record<string, unknown> } | { ok: false; reason: string };

// `$schema`/`$id` mean nothing to the providers; `$ref`s to other documents could make a consumer fetch.
const dropKeys = new Set(['$schema', '$id', 'id']);

function clean(value: unknown, depth: number): unknown {
  if (depth > 32) throw new Error(t('mcp_schema_too_deep'));
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (dropKeys.has(k) && (typeof v === 'string' || k !== 'id')) continue;
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#'))
      throw new Error(t('mcp_schema_external_ref', v.slice(0, 80)));
    out[k] = clean(v, depth + 1);
  }
  return out;
}

export function validateMcpSchema(schema: unknown): SchemaCheck {
  if (!isRecord(schema)) return { ok: false, reason: t('mcp_schema_not_object') };
  if (schema.type !== 'object') return { ok: false, reason: t('mcp_schema_type', JSON.stringify(schema.type ?? null)) };
  if (schema.properties !== undefined && !isRecord(schema.properties))
    return { ok: false, reason: t('mcp_schema_properties') };
  let size: number;
  try {
    size = new TextEncoder().encode(JSON.stringify(schema)).length;
  } catch (error) {
    return { ok: false, reason: t('mcp_schema_unreadable', error instanceof Error ? error.message : String(error)) };
  }
  if (size > MAX_SCHEMA_BYTES)
    return { ok: false, reason: t('mcp_schema_too_large', Math.round(size / 1024), MAX_SCHEMA_BYTES / 1024) };
  try {
    const cleaned = clean(schema, 0) as Record<string, unknown>;
    return { ok: true, schema: { ...cleaned, type: 'object', properties: cleaned.properties ?? {} } };
  } catch (error) {
    return { ok: false, reason: t('mcp_schema_unusable', error instanceof Error ? error.message : String(error)) };
  }
}
