/**
 * Delegation: a sub-agent runs as a run of its own, nested under the parent's tool call, with the tools its
 * definition lists, the parent's page and caps, and a share of the parent's budget. Depth and cycles are
 * refused before anything starts; its events reach the UI wrapped in 'nested'.
 */
import type { ChatMessage } from '../core/chat-message';
import type { DelegateRequest } from '../tools/define-tool';
import type { AgentEvent } from './agent-event';
import type { RunResult } from './drive-run';
import type { LiveRun, RunTree, RuntimeDeps } from './run-context';
import type { RunRecord } from './run-journal';
import type { ModelRef } from './model-ref';
import { resolveSite, type RunSettings } from './run-settings';

/** Delegation deeper than this (a sub-agent of a sub-agent of a sub-agent) is refused. */
export const MAX_DELEGATION_DEPTH = 3;

/** Starts a run under a parent (the runtime's own `create`). */
export type StartChildRun = (
  request: { conversationId: string; messages: ChatMessage[]; model: ModelRef; settings: RunSettings },
  emit: (e: AgentEvent) => void,
  parent: NonNullable<RunRecord['parent']>,
  signal: AbortSignal,
  tree: RunTree,
) => Promise<{ done: Promise<RunResult> }>;

/** Runs the sub-agent `req` names under `parent`'s call `toolCallId` and resolves with its final text. */
export async function delegateSubAgent(
  parent: LiveRun,
  toolCallId: string,
  req: DelegateRequest,
  signal: AbortSignal,
  deps: RuntimeDeps,
  start: StartChildRun,
): Promise<string> {
  const agent = deps.agents.find((a) => a.name === req.agent);
  if (!agent)
    throw new Error(
      `No sub-agent named "${req.agent}". Available: ${deps.agents.map((a) => a.name).join(', ') || '(none)'}`,
    );
  if (parent.agentPath.includes(agent.name)) {
    throw new Error(`Delegation cycle refused: ${[...parent.agentPath, agent.name].join(' → ')}`);
  }
  if (parent.agentPath.length >= MAX_DELEGATION_DEPTH) {
    throw new Error(
      `Delegation depth limit (${MAX_DELEGATION_DEPTH}) reached: ${parent.agentPath.join(' → ')}; do the task yourself`,
    );
  }
  const missing = agent.tools.filter((n) => !deps.tools.get(n));
  if (missing.length) throw new Error(`Sub-agent "${agent.name}" lists unknown tools: ${missing.join(', ')}`);
  const ps = parent.snap.run.settings;
  const parentRunId = parent.snap.run.id;
  const emit = (e: AgentEvent) =>
    parent.emit({
      type: 'nested',
      runId: parentRunId,
      parentToolCallId: toolCallId,
      event: e.type === 'tool-call-start' ? { ...e, parentToolCallId: e.parentToolCallId ?? toolCallId } : e,
    });
  const handle = await start(
    {
      conversationId: parent.snap.run.conversationId,
      messages: [{ role: 'user', content: [{ type: 'text', text: req.task }] }],
      model: parent.snap.run.model,
      settings: {
        customInstructions: agent.instructions,
        // The organisation's instructions hold for every run, a sub-agent's too.
        ...(ps.organizationInstructions ? { organizationInstructions: ps.organizationInstructions } : {}),
        toolNames: agent.tools,
        pageContext: ps.pageContext,
        tabId: ps.tabId,
        frameId: ps.frameId,
        site: resolveSite(ps),
        contextWindowTokens: ps.contextWindowTokens,
        // The sub-agent starts on the parent's current model and may move down the same chain.
        ...(ps.modelChain ? { modelChain: ps.modelChain } : {}),
        maxSteps: ps.maxSteps,
        maxToolCallsPerStep: ps.maxToolCallsPerStep,
        maxConcurrentSubAgents: ps.maxConcurrentSubAgents,
        maxRunTokens: ps.maxRunTokens,
      },
    },
    emit,
    { runId: parentRunId, toolCallId, agentPath: [...parent.agentPath, agent.name] },
    signal,
    parent.tree,
  );
  const result = await handle.done;
  if (result.reason === 'error')
    throw new Error(
      `Sub-agent "${agent.name}" failed: ${result.errorForModel ?? result.error?.message ?? 'unknown error'}`,
    );
  if (result.reason === 'stopped') throw new Error(`Sub-agent "${agent.name}" was stopped`);
  return result.text || `(sub-agent "${agent.name}" finished without a text answer)`;
}
