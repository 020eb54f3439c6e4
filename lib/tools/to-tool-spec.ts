import { z } from 'zod';
import type { ToolSpec } from '../providers/chat-model';
import type { Tool } from './define-tool';

/** Looks up the prose for a tool; returns undefined when there is none. */
export type DescribeTool = (name: string) => string | undefined;

/** A tool as a provider sees it; a missing description is a bug, so it fails loudly rather than sending "". */
export function toToolSpec(tool: Tool, describe: DescribeTool): ToolSpec {
  const description = tool.description ?? describe(tool.name);
  if (!description) throw new Error(`Tool "${tool.name}" has no description: add prompts/tool-${tool.name}.md`);
  return { name: tool.name, description: description.trim(), inputSchema: inputSchemaOf(tool) };
}

// Converting a schema is the costliest part of building a request, and a tool's schema never changes.
const schemas = new WeakMap<Tool, Record<string, unknown>>();
function inputSchemaOf(tool: Tool): Record<string, unknown> {
  if (tool.inputJsonSchema) return structuredClone(tool.inputJsonSchema);
  let cached = schemas.get(tool);
  if (!cached) {
    const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    // The $schema URI means nothing to the providers and costs tokens on every request.
    const { $schema: _ignored, ...rest } = schema;
    cached = withoutLimits(rest) as Record<string, unknown>;
    schemas.set(tool, cached);
  }
  return structuredClone(cached);
}

/** JSON Schema keys that only bound sizes: the tool's zod input still enforces them, and a call past one gets an
 * "Invalid arguments" answer the model can fix. Sent on every request, they cost about 1,000 tokens. */
const SIZE_LIMITS = new Set(['maxLength', 'minLength', 'maxItems', 'propertyNames']);
const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function withoutLimits(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLimits);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (SIZE_LIMITS.has(key)) continue;
    // z.number().int() says "at most 2^53 - 1": true of every number a model writes.
    if ((key === 'maximum' || key === 'minimum') && SAFE_BOUNDS.has(value as number)) continue;
    out[key] = key === 'properties' ? mapValues(value, withoutLimits) : withoutLimits(value);
  }
  return out;
}

const mapValues = (o: unknown, f: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, v]) => [k, f(v)]));
