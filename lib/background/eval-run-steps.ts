/**
 * The steps of one model's run in a comparison (eval-driver.ts drives them one after another): storing a change,
 * starting the run in its own tab and conversation, waiting for its settled answer, and checking and measuring it.
 */
import type { AgentEvent } from '../agent/agent-event';
import { runCheck, type CheckReaders } from '../agent/eval-run-check';
import type { Comparison, ComparisonRun } from '../core/eval-comparison';
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

export function createEvalRunSteps(deps: EvalDriverDeps) {
  const pollMs = deps.pollMs ?? 300;
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

  return { save, patchRun, begin, settled, finish };
}
