// The page agent alone, for the tasks bench: injected into a fixture page, it is driven by the gallery's
// oracles without the extension around it, so each action's own time can be measured.
import { actMechanics } from '../../../lib/page/act-mechanics';
import { createPageAgent } from '../../../lib/page/page-agent';
import type { PageAnswer, PageCommandName } from '../../../lib/page/page-command';

const ACT = new Set(['type', 'press', 'focus', 'hover', 'select', 'set_value', 'scroll']);
const COMMANDS = new Set(['get_page_state', 'get_form_state', 'fill_form', 'click', 'submit_form']);

let settled = 0;
const agent = createPageAgent({
  doc: document,
  docId: 'bench',
  reader: () => undefined,
  actPart: () => actMechanics,
  highlightMs: 1,
  onSettled: (ms) => {
    settled += ms;
  },
});
let calls = 0;

/**
 * Runs one tool call as the worker would route it; answers the text the model would read, the time the
 * page agent took and how much of it was the settle wait (the page's own work after the action).
 */
export async function callTool(
  tool: string,
  args: Record<string, unknown>,
): Promise<{ result: string; ok: boolean; ms: number; settleMs: number }> {
  const command = (ACT.has(tool) ? 'act' : tool) as PageCommandName;
  if (!ACT.has(tool) && !COMMANDS.has(tool))
    return { result: `${tool} is not a page tool this runner knows`, ok: false, ms: 0, settleMs: 0 };
  const input = ACT.has(tool) ? { ...args, action: tool } : args;
  settled = 0;
  const start = performance.now();
  // The bench calls the handler as the messaging kit would after validating; the input is the oracle's, as a model's would be.
  const handler = agent.handlers[command] as unknown as (
    call: unknown,
    context: unknown,
  ) => Promise<PageAnswer<unknown>>;
  const answer = await handler({ runId: 'bench', toolCallId: `call-${++calls}`, args: input }, {});
  const ms = performance.now() - start;
  const result = answer.outcome.ok ? JSON.stringify(answer.outcome.output) : answer.outcome.message;
  return { result, ok: answer.outcome.ok, ms, settleMs: settled };
}
