/**
 * "Compare models" in the worker (issue 28): a saved task run on each picked model in turn, each in a fresh tab
 * (the task's start page) and a fresh conversation with no fallbacks, through the chat service like any message,
 * so the approvals are those of a run the user watches (a card waits in that run's conversation, and the
 * comparison waits with it). Each run is written to the store as `running`, with its conversation, before it is
 * sent; a worker that wakes mid-comparison waits for that conversation's answer (the chat service resumes the run
 * from its journal) and only then starts the next model: a run is never started twice. The check is run by the
 * extension (eval-run-check.ts) once the answer has settled.
 */
import type { AgentEvent } from '../agent/agent-event';
import { runCheck, type CheckReaders } from '../agent/eval-run-check';
import { runEnded, type Comparison, type ComparisonRun } from '../core/eval-comparison';
import type { TaskModel } from '../core/saved-task';
import { UserFacingError } from '../messaging/user-facing-error';
import type { ConversationStore } from '../storage/conversation-store';
import type { EvalStore } from '../storage/eval-store';
import type { MessageRecord } from '../storage/records';
import { t } from '../util/t';
import type { PanelPortLike } from './chat-hub';
import type { PanelCommand, PanelPageContext } from './panel-port';
import { runFigures } from './eval-figures';

export interface EvalDriverDeps {
  store: EvalStore;
  conversations: ConversationStore | Promise<ConversationStore>;
  chat: {
    handle(port: PanelPortLike, command: PanelCommand): Promise<unknown>;
    isRunning(conversationId: string): boolean;
    stop(conversationId: string): Promise<void>;
  };
  replayRun(runId: string): Promise<AgentEvent[]>;
  /** Opens the (checked) start page in a new tab and resolves once it has loaded, with what the tab shows. */
  openTab(url: string): Promise<PanelPageContext & { tabId: number }>;
  /** What the check may read of the run's tab at its end. */
  readers(tabId: number | undefined, answerText: string): CheckReaders;
  now(): number;
  generateId(): string;
  /** Milliseconds between looks at a run's answer. */
  pollMs?: number;
  /** Told after each change to a comparison (e.g. to keep the worker's wake-up alarm while one runs). */
  changed?(comparison: Comparison): void;
}

/** The chat service takes commands from a Port; a comparison's runs have nobody watching on it. */
const noPort: PanelPortLike = { postMessage() {} };

/** How long a conversation may show no live run and no answer before its message is answered again. */
const LOST_TURN_MS = 3000;

export function createEvalDriver(deps: EvalDriverDeps) {
  const pollMs = deps.pollMs ?? 300;
  const active = new Set<string>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function save(c: Comparison) {
    await deps.store.put(c);
    deps.changed?.(c);
  }

  /** Applies `patch` to run `index` of the stored comparison (read again: Stop or Delete may have come meanwhile). */
  async function patchRun(id: string, index: number, patch: Partial<ComparisonRun>) {
    const c = await deps.store.get(id);
    if (!c) return undefined;
    const runs = c.runs.map((r, i) => (i === index ? { ...r, ...patch } : r));
    const next: Comparison = { ...c, runs };
    await save(next);
    return next;
  }

  /** Sends the task's instruction in the run's own conversation, as the panel would. */
  async function send(c: Comparison, run: ComparisonRun, page: PanelPageContext | undefined) {
    await deps.chat.handle(noPort, {
      type: 'send',
      conversationId: run.conversationId!,
      text: c.instruction,
      clientId: deps.generateId(),
      ...(page ? { page } : {}),
    });
  }

  /** Starts run `index`: its tab and conversation first, stored as running before anything is sent. */
  async function begin(c: Comparison, index: number) {
    const run = c.runs[index]!;
    const page = c.startUrl ? await deps.openTab(c.startUrl) : undefined;
    const store = await deps.conversations;
    const at = deps.now();
    const conversationId = deps.generateId();
    await store.createConversation({
      id: conversationId,
      title: t('eval_conversation_title', c.taskName, run.label),
      createdAt: at,
      updatedAt: at,
      model: run.model,
      fallbackModels: [],
    });
    const started = {
      state: 'running' as const,
      conversationId,
      startedAt: at,
      ...(page ? { tabId: page.tabId } : {}),
    };
    const stored = await patchRun(c.id, index, started);
    if (!stored) return;
    await send(stored, stored.runs[index]!, page);
  }

  /**
   * Resolves with the run's settled answer. The chat service resumes a run the worker was stopped in; a message
   * with neither a live run nor an answer for a while (the worker died between storing it and starting its
   * turn) is answered now, which cannot be a second run, since none was journaled for it.
   */
  async function settled(c: Comparison, run: ComparisonRun): Promise<MessageRecord | undefined> {
    const store = await deps.conversations;
    const id = run.conversationId!;
    let idleSince: number | undefined;
    for (;;) {
      const messages = await store.listMessages(id);
      const answer = messages.findLast((m) => m.role === 'assistant');
      const live = deps.chat.isRunning(id);
      if (answer && answer.status !== 'streaming' && !live) return answer;
      if (!live && !answer) {
        idleSince ??= deps.now();
        if (deps.now() - idleSince >= LOST_TURN_MS) {
          idleSince = undefined;
          if (!messages.some((m) => m.role === 'user')) await send(c, run, undefined);
          else await deps.chat.handle(noPort, { type: 'retry', conversationId: id });
        }
      } else idleSince = undefined;
      const now = await deps.store.get(c.id);
      if (!now) return undefined;
      await sleep(pollMs);
    }
  }

  /** Checks and measures a settled answer. */
  async function finish(c: Comparison, index: number, answer: MessageRecord | undefined): Promise<void> {
    const run = c.runs[index]!;
    const endedAt = deps.now();
    if (!answer) {
      await patchRun(c.id, index, { state: 'error', endedAt, detail: t('eval_detail_no_answer') });
      return;
    }
    const events = answer.runId ? await deps.replayRun(answer.runId) : [];
    const figures = runFigures(answer, events);
    const stopped = answer.status === 'stopped';
    let verdict: { passed?: boolean; detail?: string } = {};
    if (answer.status !== 'complete') verdict = { passed: false, detail: t('eval_detail_not_finished') };
    else if (c.check) verdict = await runCheck(c.check, deps.readers(run.tabId, answer.text));
    await patchRun(c.id, index, {
      state: stopped ? 'stopped' : 'done',
      endedAt,
      finish: answer.status,
      ...figures,
      ...(stopped ? {} : verdict),
    });
  }

  /** Runs what is left of comparison `id`, one model after another; a second call while one goes on does nothing. */
  async function advance(id: string): Promise<void> {
    if (active.has(id)) return;
    active.add(id);
    try {
      for (;;) {
        const c = await deps.store.get(id);
        if (!c || c.status !== 'running') return;
        const index = c.runs.findIndex((r) => !runEnded(r));
        if (index < 0) {
          await save({ ...c, status: 'done' });
          return;
        }
        if (c.runs[index]!.state === 'pending') {
          try {
            await begin(c, index);
          } catch (e) {
            const detail = t('eval_detail_could_not_start', e instanceof Error ? e.message : String(e));
            await patchRun(id, index, { state: 'error', endedAt: deps.now(), detail });
          }
          continue;
        }
        await finish(c, index, await settled(c, c.runs[index]!));
      }
    } finally {
      active.delete(id);
    }
  }

  return {
    advance,
    /** A new comparison of `task` on `models`, started at once; resolves with it as stored. */
    async start(
      input: Omit<Comparison, 'id' | 'createdAt' | 'status' | 'runs'>,
      models: (TaskModel & { label: string })[],
    ) {
      const { comparisons } = await deps.store.list();
      if (comparisons.some((k) => k.status === 'running')) throw new UserFacingError('busy', t('eval_one_at_a_time'));
      const c: Comparison = {
        ...input,
        id: deps.generateId(),
        createdAt: deps.now(),
        status: 'running',
        runs: models.map(({ label, ...model }) => ({ model, label, state: 'pending' })),
      };
      await save(c);
      void advance(c.id).catch((e: unknown) => console.error('comparison failed', e));
      return c;
    },
    /** Stop: the run under way is stopped (its answer kept), the models not reached yet are not run. */
    async stop(id: string) {
      const c = await deps.store.get(id);
      if (!c || c.status !== 'running') return;
      const runs = c.runs.map((r) => (r.state === 'pending' ? { ...r, state: 'cancelled' as const } : r));
      await save({ ...c, status: 'stopped', runs });
      const current = runs.find((r) => r.state === 'running');
      if (current?.conversationId) await deps.chat.stop(current.conversationId);
    },
    /** On wake: every comparison that was running goes on from where it was. */
    async resume() {
      const { comparisons } = await deps.store.list();
      for (const c of comparisons)
        if (c.status === 'running') void advance(c.id).catch((e: unknown) => console.error('comparison failed', e));
    },
  };
}

export type EvalDriver = ReturnType<typeof createEvalDriver>;
