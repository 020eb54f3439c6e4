import { callFormTool } from './call-form-tool';
import type { CallToolInput, CallToolOutput } from './page-command';
import { PageError } from './page-error';
import { PAGE_TOOL_LIMITS } from './page-tool-info';
import type { OfferedTool, ScriptTools } from './page-tools-offered';
import { changedSinceApproved, identityChange, type ShownIdentity } from './shown-identity';
import { toolIdentity } from './tool-identity';

/**
 * Calls a tool this frame offers, at the moment of acting: it must still be offered and still be what the
 * approval card showed (name, description, schema, read-only or not, where its form submits), and the
 * arguments must fit its schema (`validate`: the act part's schema check, act-part.ts, loaded where a tool is
 * called). A form tool fills and submits its form; a script tool's own code runs through the relay, and what it
 * answers comes back as JSON text, cut to size.
 */
export async function callPageTool(
  offered: OfferedTool[],
  { name, args }: CallToolInput,
  shown: ShownIdentity[] | undefined,
  options: {
    validate: (schema: Record<string, unknown>, args: unknown) => string[];
    highlightMs?: number;
    script?: ScriptTools | undefined;
    onAsk?: () => Promise<boolean>;
  },
): Promise<CallToolOutput> {
  const tool = offered.find((t) => t.info.name === name);
  const card = shown?.find((s) => s.kind === 'tool' && s.ref === name);
  const changed = card && identityChange(card, tool ? toolIdentity(tool.info) : undefined);
  if (changed) throw new PageError(changedSinceApproved([changed]));
  if (!tool)
    throw new PageError(
      `call_page_tool failed: this page offers no tool named "${name}" now; call get_page_state to see what it offers.`,
    );
  const errors = options.validate(tool.info.inputSchema, args);
  if (errors.length)
    throw new PageError(
      `call_page_tool failed: invalid arguments for "${name}": ${errors.join('; ')}. Nothing was done.`,
    );
  if (tool.form) return { tool: name, form: callFormTool(tool.form, args, options) };
  if (!options.script)
    throw new PageError(`call_page_tool failed: the page's script tools cannot be reached in this frame.`);
  const value = await options.script.call(name, args, options.onAsk);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  return text.length > PAGE_TOOL_LIMITS.resultChars
    ? { tool: name, result: text.slice(0, PAGE_TOOL_LIMITS.resultChars), cut: true }
    : { tool: name, result: text };
}
