/**
 * The chat service's shared state: which Port watches which conversation, which runs are live and for which
 * answer, the turns being set up or settled, and the messages queued during a run. The service's parts
 * (start-turn.ts, settle-answer.ts, handle-panel-command.ts, resume-after-wake.ts) all act on this one hub.
 */
import type { TaskRunPlan } from './task-run-plan';
import type { ConversationAttachments } from './create-conversation-attachments';
import type { AgentRuntime } from '../agent/agent-runtime';
import type { RunState } from '../agent/run-journal';
import type { ModelRef } from '../agent/model-ref';
import type { RunSettings } from '../agent/run-settings';
import type { ModelChoice } from '../agent/model-ref';
import type { TokenPrices } from '../core/usage';
import { foldRunEvents, runText } from '../agent/run-view';
import type { RunPart } from '../core/run-part';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationModel, MessageRecord } from '../storage/records';
import type { PanelMessage, PanelPageContext } from './panel-port';
import { createQueuedMessages } from './queued-messages';

/** The slice of chrome.runtime.Port the service uses, so tests can pass plain objects. */
export interface PanelPortLike {
  postMessage(message: PanelMessage): void;
}

export interface ChatServiceDeps {
  /** A promise is fine: the worker registers its listeners before IndexedDB has opened. */
  store: ConversationStore | Promise<ConversationStore>;
  /** The service subscribes to the runtime's events itself (a promise: the journal opens asynchronously). */
  runtime: AgentRuntime | Promise<AgentRuntime>;
  /** The model for new runs and its fallbacks, or a UserFacingError (no provider configured). */
  resolveModel: (
    preferred?: ConversationModel,
    fallbacks?: ConversationModel[],
  ) => Promise<{ ref: ModelRef; label: string; fallbacks?: ModelChoice[]; unpriced?: true; price?: TokenPrices }>;
  /** The user's run settings, merged with the page context the panel sent. */
  runSettings: (
    page: PanelPageContext | undefined,
    text: string,
    mentionedTabIds?: number[],
  ) => Promise<RunSettings> | RunSettings;
  /** Unfinished top-level runs in the journal (to rebuild their views before resuming them). */
  listUnfinishedRuns: () => Promise<RunState[]>;
  /**
   * A short title after the first exchange, by the model that answered (`model`, the run's own); undefined
   * keeps the title made from the question's first words.
   */
  generateTitle?: (question: string, answer: string, model: ModelRef) => Promise<string | undefined>;
  /** Attached files: linked to the message they are sent with, and told to the runs that answer. */
  attachments?: ConversationAttachments;
  /** A saved task by id, as its run sends it (a recording's steps to replay); a UserFacingError when it is gone. */
  taskRunPlan?: (id: string, values: Record<string, string>) => Promise<TaskRunPlan>;
  now: () => number;
  generateId: () => string;
}

/** A run the service relays: the conversation it answers and the answer's message. */
export interface LiveRun {
  conversationId: string;
  messageId: string;
}

export type ChatHub = ReturnType<typeof createChatHub>;

/** The hub for `deps` (whose runtime is already subscribed to by the caller). */
export function createChatHub(deps: Omit<ChatServiceDeps, 'runtime'> & { runtime: () => Promise<AgentRuntime> }) {
  const subscriptions = new Map<PanelPortLike, string | null>();
  const runs = new Map<string, LiveRun>();
  const byConversation = new Map<string, string>();
  /** Conversations whose run is being set up (before the runtime has journaled it). */
  const starting = new Set<string>();
  /** Conversations whose last answer is being written from the journal; the next turn waits for it. */
  const settling = new Map<string, Promise<void>>();
  /** Messages sent during a run that the run has not taken in yet (shown as queued in the panel). */
  const queued = createQueuedMessages();

  const broadcast = (conversationId: string, message: PanelMessage) => {
    for (const [port, subscribed] of subscriptions) if (subscribed === conversationId) port.postMessage(message);
  };
  const postQueue = (conversationId: string, runId: string | undefined) =>
    broadcast(conversationId, { type: 'queued', conversationId, messages: queued.list(runId) });
  const isBusy = (conversationId: string) => starting.has(conversationId) || byConversation.has(conversationId);

  /**
   * What the user sees of a run now: its replay (journal, or the live run's state) folded into parts, after
   * `before` (what the answer showed before this run: nothing, or the stopped answer it continues).
   */
  async function viewOf(runId: string, before: RunPart[] = []) {
    const parts = foldRunEvents(runId, await (await deps.runtime()).replayRun(runId), before).parts;
    return { parts, text: runText(parts) };
  }

  /** The stored message with its live run laid over it (an answer already settled from its run is as stored). */
  async function withLive(m: MessageRecord): Promise<MessageRecord> {
    if (m.status !== 'streaming') return m;
    const runId = [...runs.entries()].find(([, r]) => r.messageId === m.id)?.[0] ?? m.runId;
    if (!runId || !runs.has(runId)) return m;
    return { ...m, runId, ...(await viewOf(runId, m.parts)) };
  }

  /** Sends `port` the conversation as it stands, live runs laid over their messages. */
  async function snapshot(port: PanelPortLike, conversationId: string | null) {
    const store = await deps.store;
    const conversation = conversationId ? ((await store.getConversation(conversationId)) ?? null) : null;
    const messages = conversation ? await Promise.all((await store.listMessages(conversation.id)).map(withLive)) : [];
    const queue = conversation ? queued.list(byConversation.get(conversation.id)) : [];
    port.postMessage({
      type: 'snapshot',
      conversation,
      messages,
      running: !!conversation && isBusy(conversation.id),
      queued: queue,
    });
  }

  /** Every Port watching `conversationId` redraws it from the store. */
  async function resnapshot(conversationId: string) {
    for (const [p, subscribed] of subscriptions) if (subscribed === conversationId) await snapshot(p, conversationId);
  }

  return {
    deps,
    /**
     * Settles once the runs the worker was stopped in are live again (resume-after-wake.ts sets it on wake): a
     * Stop that arrives first, sent again by a reconnecting panel, waits for it rather than finding no run.
     */
    resumed: Promise.resolve() as Promise<void>,
    subscriptions,
    runs,
    byConversation,
    starting,
    settling,
    queued,
    broadcast,
    postQueue,
    isBusy,
    viewOf,
    snapshot,
    resnapshot,
  };
}
