/**
 * What the worker accepts of a page's own tools (WebMCP) and of their answers: a page could send anything, so
 * a tool's name keeps to the safe alphabet, its description and schema to their caps, and an answer to its shape.
 */
import { z } from 'zod';
import type { FormToolResult } from '../../page/call-form-tool';
import type { CallToolOutput } from '../../page/page-command';
import { PAGE_TOOL_LIMITS, PAGE_TOOL_NAME, type PageToolInfo } from '../../page/page-tool-info';

const schemaObject = z
  .record(z.string(), z.unknown())
  .refine((s) => (JSON.stringify(s) ?? '').length <= PAGE_TOOL_LIMITS.schemaChars, 'the input schema is too large');

/** One tool a page offers, as the snapshot lists it. */
export const pageToolInfoSchema: z.ZodType<PageToolInfo> = z.object({
  name: z.string().regex(PAGE_TOOL_NAME),
  description: z.string().max(PAGE_TOOL_LIMITS.description),
  inputSchema: schemaObject,
  readOnly: z.boolean(),
  source: z.enum(['form', 'script']),
  action: z.string().max(4000).optional(),
  method: z.string().max(20).optional(),
});

/** The tools of a snapshot and the line saying so. */
export const pageToolsFields = {
  pageTools: z.array(pageToolInfoSchema).max(PAGE_TOOL_LIMITS.tools).optional(),
  offers: z.string().max(4000).optional(),
};

const keyReason = z.object({ key: z.string(), reason: z.string() });
const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string())]);

const formToolResult: z.ZodType<FormToolResult> = z.object({
  written: z.array(z.object({ key: z.string(), value: fieldValue })),
  ignored: z.array(keyReason),
  failed: z.array(keyReason),
  submitted: z.boolean(),
  reason: z.string().optional(),
  invalid: z.array(z.object({ key: z.string(), message: z.string() })).optional(),
});

/** A page tool's answer. */
export const callToolOutputSchema: z.ZodType<CallToolOutput> = z.object({
  tool: z.string().regex(PAGE_TOOL_NAME),
  form: formToolResult.optional(),
  result: z.string().max(PAGE_TOOL_LIMITS.resultChars).optional(),
  cut: z.literal(true).optional(),
});
