/**
 * lib/agent: the agent runtime. `createAgentRuntime` is the one entry point the background wires up: it
 * starts runs, resumes unfinished ones after a worker restart, and takes the user's stop, approvals and
 * interjections. Everything it touches (clock, ids, model lookup, stores, tools) is injected.
 */
import type { ChatMessage } from '../core/chat-message';
import type { DelegateRequest } from '../tools/define-tool';
import type { AgentEvent } from './agent-event';
import { offeredTools } from './run-step-tools';
import { afterRequestLeaves } from '../util/request-left';
import { driveRun, type RunResult } from './drive-run';
import { tokensOf } from './estimate-tokens';
import { replayRunTree } from './replay-run-tree';
import { runState } from './assemble-snapshot';
import type { LiveRun, RunTree } from './run-context';
import { runTokens } from './run-gates';
import type { ApprovalDecision, RunRecord, RunSnapshot } from './run-journal';
import type { ModelRef } from './model-ref';
import { newDataBoundary } from './new-data-boundary';
import type { RunSettings } from './run-settings';
import { delegateSubAgent } from './delegate-sub-agent';
import { resumeJournaledRun } from './resume-journaled-run';
import { createRunInbox, type ApprovalOutcome } from './run-inbox';
import { modelForRun } from './replay-model';
import { runtimeDeps, type AgentRuntimeOptions } from './runtime-deps';
import { mark } from '../util/marks';

export type { RunResult } from './drive-run';
export type { ApprovalOutcome } from './run-inbox';
export type { AgentRuntimeOptions } from './runtime-deps';

export { MAX_DELEGATION_DEPTH } from './delegate-sub-agent';

export interface StartRunRequest {
  conversationId: string;
  /** The conversation so far, ending with the user's new message. */
  messages: ChatMessage[];
  model: ModelRef;
  settings?: RunSettings;
  /** Id for the assistant message the run produces (generated when omitted). */
  messageId?: string;
}

export interface RunHandle {
  runId: string;
  messageId: string;
  done: Promise<RunResult>;
}

export interface AgentRuntime {
  /** Journals a new run and starts it; resolves once the run is durable. */
  startRun(request: StartRunRequest): Promise<RunHandle>;
  /** Continues one unfinished run from its journal (no-op handle if it is finished or already live). */
  resumeRun(runId: string): Promise<RunHandle>;
  /** Resumes every unfinished top-level run; call once when the worker wakes. */
  resumeUnfinishedRuns(): Promise<RunHandle[]>;
  /** Queues a user message for the next model call of the run; resolves with its message id. */
  interject(runId: string, text: string): Promise<string>;
  /**
   * Delivers the user's decision, once: stored for the run if it is not live in this worker; a copy of a decision
   * already taken, or one that comes too late, is answered with what became of it (never thrown).
   */
  resolveApproval(
    runId: string,
    toolCallId: string,
    decision: ApprovalDecision,
    onTake?: () => void,
  ): Promise<ApprovalOutcome>;
  /** Whether the call waits for the user's decision (live, or in the journal of a run not resumed yet). */
  hasPendingApproval(runId: string, toolCallId: string): Promise<boolean>;
  /** Stops a live run: aborts its model call and in-flight tools. Resolves when the run has finished. */
  stop(runId: string): Promise<void>;
  isLive(runId: string): boolean;
  /**
   * The events a UI needs to catch up with a run (sub-agents' nested inside): a live run's from what it holds
   * now, streamed text included; a finished or not-live one's from the journal.
   */
  replayRun(runId: string): Promise<AgentEvent[]>;
  /** Simulates (or follows) the worker dying: aborts everything and writes or emits nothing more. */
  abandon(): void;
  /** Adds a listener for every event of every run; returns its removal. */
  subscribe(listener: (event: AgentEvent) => void): () => void;
  /** Whether "always allow" can be given for the tool: one in the registry that asks, and may be always allowed. */
  grantable(toolName: string): boolean;
}

/** Builds a runtime; see AgentRuntimeOptions for what it needs. */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  let dead = false;
  const live = new Map<string, { run: LiveRun; done: Promise<RunResult> }>();
  const deps = runtimeDeps(options, () => dead);
  const { now, generateId } = deps;
  // Listeners, not a callback handed in at construction: whoever consumes events subscribes after the
  // runtime exists, so nothing has to be built lazily around a cycle.
  const listeners = new Set<(event: AgentEvent) => void>();
  const emit = options.emit;
  if (emit) listeners.add((e) => emit(e));
  const emitTop = (e: AgentEvent) => {
    if (dead) return;
    for (const listener of listeners) listener(e);
  };

  async function launch(
    snap: RunSnapshot,
    emit: (e: AgentEvent) => void,
    agentPath: string[],
    parentSignal?: AbortSignal,
    parentTree?: RunTree,
    record?: () => Promise<void>,
  ): Promise<RunHandle> {
    const controller = new AbortController();
    parentSignal?.addEventListener('abort', () => controller.abort(parentSignal.reason), { once: true });
    // A new run's first tools are asked for while its model is resolved: the request waits for both, not each.
    const nextOffer = snap.steps.length === 0 ? offeredTools({ snap, controller, agentPath }, deps) : undefined;
    const resolving = Promise.resolve(options.resolveModel(snap.run.model));
    // The run's record is written once the first request has left (util/request-left.ts): it needs none of it.
    const recorded = record && afterRequestLeaves().then(record);
    recorded?.catch(() => undefined); // awaited by the first step; this only keeps an early failure from being unhandled
    const model = modelForRun(snap.run.settings, await resolving);
    await deps.tokenCounter?.prepare(model);
    // A sub-agent spends from its parent's budget and counts as running until it ends.
    const tree = parentTree ?? { tokens: runTokens({ snap }, tokensOf({ model }, deps)), liveSubAgents: 0 };
    const run: LiveRun = {
      snap,
      emit,
      agentPath,
      controller,
      timings: new Map(),
      streamingCalls: [],
      tree,
      model,
      delegate: (toolCallId, request, signal) => delegate(run, toolCallId, request, signal),
      ...(nextOffer ? { nextOffer } : {}),
      ...(recorded ? { recorded } : {}),
    };
    if (parentTree) parentTree.liveSubAgents += 1;
    const done = driveRun(run, deps).finally(() => {
      live.delete(snap.run.id);
      if (parentTree) parentTree.liveSubAgents -= 1;
    });
    live.set(snap.run.id, { run, done });
    return { runId: snap.run.id, messageId: snap.run.messageId, done };
  }

  async function create(
    request: StartRunRequest,
    emit: (e: AgentEvent) => void,
    parent?: RunRecord['parent'],
    signal?: AbortSignal,
    tree?: RunTree,
  ) {
    const t = now();
    const run: RunRecord = {
      id: generateId(),
      conversationId: request.conversationId,
      messageId: request.messageId ?? generateId(),
      model: request.model,
      messages: request.messages,
      settings: { ...request.settings, dataBoundary: (options.newDataBoundary ?? newDataBoundary)() },
      status: 'running',
      createdAt: t,
      updatedAt: t,
      ...(parent ? { parent } : {}),
    };
    // The run's record is written while it starts (launch writes it once its first reads are out): its first
    // step's record is written after it (the journal keeps the order) and the step waits for both before it
    // takes in the answer (run-model-step.ts).
    const record = () =>
      deps.journal.write({ run: runState(run), runInput: { runId: run.id, messages: run.messages } });
    emit({ type: 'run-start', runId: run.id, conversationId: run.conversationId, messageId: run.messageId, at: t });
    const snap: RunSnapshot = { run: structuredClone(run), steps: [], toolCalls: [], approvals: [], interjections: [] };
    return launch(snap, emit, parent?.agentPath ?? [], signal, tree, record);
  }

  const delegate = (parent: LiveRun, toolCallId: string, req: DelegateRequest, signal: AbortSignal) =>
    delegateSubAgent(parent, toolCallId, req, signal, deps, (request, emit, parentRecord, sig, tree) =>
      create(request, emit, parentRecord, sig, tree),
    );
  const resumeRun = (runId: string): Promise<RunHandle> => {
    const existing = live.get(runId);
    if (existing) return Promise.resolve({ runId, messageId: existing.run.snap.run.messageId, done: existing.done });
    return resumeJournaledRun(runId, { deps, emit: emitTop, launch: (snap) => launch(snap, emitTop, []) });
  };

  return {
    startRun: (request) => {
      mark('run-start');
      return create(request, emitTop);
    },
    resumeRun,
    async resumeUnfinishedRuns() {
      const runs = await deps.journal.listUnfinished();
      // Children first, so a parent resuming never sees its sub-agent as still running.
      runs.sort((a, b) => Number(!a.parent) - Number(!b.parent));
      const handles: RunHandle[] = [];
      for (const r of runs) handles.push(await resumeRun(r.id));
      return handles.filter((h) => runs.find((r) => r.id === h.runId && !r.parent));
    },
    ...createRunInbox({ deps, live: (runId) => live.get(runId)?.run, generateId, now }),
    async stop(runId) {
      const l = live.get(runId);
      if (!l) return;
      l.run.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
      await l.done;
    },
    isLive: (runId) => live.has(runId),
    replayRun: (runId) =>
      replayRunTree(runId, {
        read: async (id) => live.get(id)?.run.snap ?? (await options.journal.read(id)),
        streamingCalls: (id) => live.get(id)?.run.streamingCalls ?? [],
        listChildren: (id) => options.journal.listChildren(id),
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    grantable(toolName) {
      const tool = options.tools.get(toolName);
      return !!tool && tool.needsApproval && !tool.alwaysAsk;
    },
    abandon() {
      dead = true;
      for (const { run } of live.values()) run.controller.abort(new DOMException('Worker stopped', 'AbortError'));
    },
  };
}
