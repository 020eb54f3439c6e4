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
    cached = rest;
    schemas.set(tool, cached);
  }
  return structuredClone(cached);
}
