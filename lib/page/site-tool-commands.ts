/**
 * The page agent's commands for the tools a page offers (navigator.modelContext): describing one and calling
 * it, and the snapshots' list of them.
 */
import { NO_ACT_PART_MESSAGE } from './act-part';
import { callPageTool } from './call-page-tool';
import { PageError } from './page-error';
import type { Commands, PageCommandOptions } from './page-command-handlers';
import { offersLine } from './page-tool-info';
import { listPageTools, type ScriptTools } from './page-tools-offered';

/** A snapshot with the tools the page offers, and the line that says so, when it offers any. */
export async function withPageTools<T extends object>(
  doc: Document,
  script: ScriptTools | false | undefined,
  snapshot: T,
) {
  const tools = (await listPageTools(doc, script || undefined)).map((t) => t.info);
  return tools.length ? { ...snapshot, pageTools: tools, offers: offersLine(tools) } : snapshot;
}

export function siteToolCommands({
  doc,
  actPart,
  highlightMs,
  scriptTools,
  askUser,
}: Pick<PageCommandOptions, 'doc' | 'actPart' | 'highlightMs' | 'scriptTools' | 'askUser'>): Pick<
  Commands,
  'describe_tool' | 'call_tool'
> {
  return {
    async describe_tool({ name }, c) {
      const script = c.siteTools && scriptTools?.();
      return (await listPageTools(doc, script || undefined)).find((t) => t.info.name === name)?.info ?? null;
    },
    async call_tool(input, c) {
      // The schema check rides with the act part: without it here yet, the background injects it and asks again.
      const part = actPart?.();
      if (!part) throw new PageError(NO_ACT_PART_MESSAGE, 'no-act-part');
      const script = (c.siteTools && scriptTools?.()) || undefined;
      return callPageTool(await listPageTools(doc, script), input, c.shown, {
        validate: part.validateToolArgs,
        ...(highlightMs !== undefined ? { highlightMs } : {}),
        script,
        // The tool asks the user to interact: the background asks on this call's card.
        ...(askUser ? { onAsk: () => askUser({ runId: c.runId, toolCallId: c.toolCallId }) } : {}),
      });
    },
  };
}
