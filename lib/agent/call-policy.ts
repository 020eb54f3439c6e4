import type { ActionTarget, CallPolicy, Tool } from '../tools/define-tool';

/**
 * How the approval gate asks for this call: the tool's own per-call policy where it has one (call_page_tool,
 * keyed on the page tool and its hash), else its name and static flags. A policy that fails asks every time.
 */
export async function callPolicyOf(tool: Tool, input: unknown, target: ActionTarget | undefined): Promise<CallPolicy> {
  const fallback: CallPolicy = {
    key: tool.name,
    alwaysAsk: !!tool.alwaysAsk,
    askOncePerRun: !!tool.askOncePerRun,
  };
  if (!tool.callPolicy) return fallback;
  try {
    return (await tool.callPolicy(input, target)) ?? fallback;
  } catch (error) {
    // Not swallowed into a laxer gate: the call is asked every time, and the failure is logged.
    console.error(`the call policy of ${tool.name} failed; asking every time`, error);
    return { key: tool.name, alwaysAsk: true, askOncePerRun: false };
  }
}
