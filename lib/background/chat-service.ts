/**
 * The background's chat hub. Side panel Ports subscribe to a conversation; commands start agent runs, queue
 * interjections, deliver approvals and stop runs; every AgentEvent is relayed to each Port watching that
 * conversation. The run journal is the only checkpoint of an answer: a panel that subscribes mid-run gets the
 * run replayed from it, and the answer's message record is derived from it once the run settles. Runs the
 * worker was killed in are picked up again on wake.
 */
import type { AgentEvent } from '../agent/agent-event';
import type { AgentRuntime, RunResult } from '../agent/agent-runtime';
import type { ModelRef, RunState } from '../agent/run-journal';
import type { RunSettings } from '../agent/run-settings';
import { foldRunEvents, runText } from '../agent/run-view';
import { panelCommandSchema } from './panel-command-schema';
import type { PanelCommand, PanelMessage, PanelPageContext } from './panel-port';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationModel, ConversationRecord, MessageRecord, MessageStatus } from '../storage/records';
import { monotonicClock } from '../util/monotonic-clock';
import { createQueuedMessages } from './queued-messages';
import { deleteOneMessage, dropLastAnswer, editUserMessage } from './rewrite-conversation';
import { sumRunUsage } from './sum-run-usage';
import { toModelHistory } from './to-model-history';
import { UserFacingError } from './user-facing-error';
import { userInputInbox } from '../tools/user-input-inbox';
import { t } from '../util/t';

/** The slice of chrome.runtime.Port the service uses, so tests can pass plain objects. */
export interface PanelPortLike {
  postMessage(message: PanelMessage): void;
}

export interface ChatServiceDeps {
  /** A promise is fine: the worker registers its listeners before IndexedDB has opened. */
  store: ConversationStore | Promise<ConversationStore>;
  /** The service subscribes to the runtime's events itself (a promise: the journal opens asynchronously). */
  runtime: AgentRuntime | Promise<AgentRuntime>;
  /** The model for new runs, or a UserFacingError (no provider configured). */
  resolveModel: (preferred?: ConversationModel) => Promise<{ ref: ModelRef; label: string }>;
  /** The user's run settings, merged with the page context the panel sent. */
  runSettings: (page: PanelPageContext | undefined, text: string, mentionedTabIds?: number[]) => Promise<RunSettings> | RunSettings;
  /** Unfinished top-level runs in the journal (to rebuild their views before resuming them). */
  listUnfinishedRuns: () => Promise<RunState[]>;
  /** A short title after the first exchange; undefined keeps the first words of the question. */
  generateTitle?: (question: string, answer: string) => Promise<string | undefined>;
  now: () => number;
  generateId: () => string;
}

export { UserFacingError };

interface LiveRun {
  conversationId: string;
  messageId: string;
}

const statusFor: Record<RunResult['reason'], MessageStatus> = { stop: 'complete', length: 'complete', 'step-limit': 'complete', stopped: 'stopped', error: 'error' };

export function createChatService(input: ChatServiceDeps) {
  // Every use of the runtime goes through this promise, so the service is subscribed before any run starts.
  const runtime = Promise.resolve(input.runtime).then((r) => {
    r.subscribe(onAgentEvent);
    return r;
  });
  const deps = { ...input, runtime: () => runtime, now: monotonicClock(input.now) };
  const subscriptions = new Map<PanelPortLike, string | null>();
  const runs = new Map<string, LiveRun>();
  const byConversation = new Map<string, string>();
  /** Conversations whose run is being set up (before the runtime has journaled it). */
  const starting = new Set<string>();
  /** Conversations whose last answer is being written from the journal; the next turn waits for it. */
  const settling = new Map<string, Promise<void>>();
  /** Messages sent during a run that the run has not taken in yet (shown as queued in the panel). */
  const queued = createQueuedMessages();
  const postQueue = (conversationId: string, runId: string | undefined) =>
    broadcast(conversationId, { type: 'queued', conversationId, messages: queued.list(runId) });

  const broadcast = (conversationId: string, message: PanelMessage) => {
    for (const [port, subscribed] of subscriptions) if (subscribed === conversationId) port.postMessage(message);
  };
  const isBusy = (conversationId: string) => starting.has(conversationId) || byConversation.has(conversationId);

  /** What the user sees of a run now: its replay (journal, or the live run's state) folded into parts. */
  async function viewOf(runId: string) {
    const runtime = await deps.runtime();
    const parts = foldRunEvents(runId, await runtime.replayRun(runId)).parts;
    return { parts, text: runText(parts) };
  }

  /** The stored message with its live run laid over it. */
  async function withLive(m: MessageRecord): Promise<MessageRecord> {
    const runId = m.runId ?? [...runs.entries()].find(([, r]) => r.messageId === m.id)?.[0];
    if (!runId || !runs.has(runId)) return m;
    return { ...m, runId, status: 'streaming', ...(await viewOf(runId)) };
  }

  async function snapshot(port: PanelPortLike, conversationId: string | null) {
    const store = await deps.store;
    const conversation = conversationId ? ((await store.getConversation(conversationId)) ?? null) : null;
    const messages = conversation ? await Promise.all((await store.listMessages(conversation.id)).map(withLive)) : [];
    const queue = conversation ? queued.list(byConversation.get(conversation.id)) : [];
    port.postMessage({ type: 'snapshot', conversation, messages, running: !!conversation && isBusy(conversation.id), queued: queue });
  }

  function onAgentEvent(event: AgentEvent) {
    if (event.type === 'run-start' && !runs.has(event.runId)) {
      runs.set(event.runId, { conversationId: event.conversationId, messageId: event.messageId });
      byConversation.set(event.conversationId, event.runId);
    }
    const live = runs.get(event.runId);
    if (live) broadcast(live.conversationId, { type: 'event', event });
    if (live && event.type === 'interjection-accepted' && queued.accept(event.runId, event.text)) postQueue(live.conversationId, event.runId);
  }

  /** Writes the answer's record from the run's journal once the run has settled. */
  function finalize(runId: string, result: RunResult): Promise<void> {
    const live = runs.get(runId);
    if (!live || result.abandoned) return Promise.resolve();
    // A message sent from now on starts a new turn, which waits until this answer is stored.
    byConversation.delete(live.conversationId);
    const done = storeAnswer(runId, live, result).finally(() => {
      runs.delete(runId);
      if (settling.get(live.conversationId) === settled) settling.delete(live.conversationId);
    });
    const settled = done.catch(() => undefined);
    settling.set(live.conversationId, settled);
    return done;
  }

  async function storeAnswer(runId: string, live: LiveRun, result: RunResult) {
    const store = await deps.store;
    const [view, current, events] = await Promise.all([viewOf(runId), store.getMessage(live.messageId), (await deps.runtime()).replayRun(runId)]);
    const usage = sumRunUsage(events);
    if (!current) return;
    const final: MessageRecord = {
      ...current,
      runId,
      ...view,
      ...(usage.inputTokens + usage.outputTokens > 0 ? { usage } : {}),
      modelMessages: result.messages,
      status: statusFor[result.reason],
      finish: result.reason,
      ...(result.error ? { error: result.error } : {}),
    };
    // Shown at once (Stop must feel instant); a panel that subscribes before the write lands still gets the
    // run's view, because the run stays listed as live until then.
    broadcast(live.conversationId, { type: 'message', message: final });
    await store.putMessage(final);
    if (final.status === 'complete') void maybeTitle(live.conversationId).catch((e: unknown) => console.warn('title generation failed', e));
    await keepQueued(runId, live.conversationId, result.reason);
  }

  /**
   * Messages the run never took in (it was stopped or failed) become the conversation's next user messages.
   * After Stop they are answered next, as the panel promised; after an error they wait for Retry.
   */
  async function keepQueued(runId: string, conversationId: string, reason: RunResult['reason']) {
    const left = queued.take(runId);
    if (left.length === 0) return;
    const store = await deps.store;
    for (const m of left) {
      const user: MessageRecord = { id: m.id, conversationId, role: 'user', text: m.text, status: 'complete', createdAt: deps.now() };
      await store.putMessage(user);
      broadcast(conversationId, { type: 'message', message: user });
    }
    postQueue(conversationId, undefined);
    if (reason === 'stopped') void startTurn(conversationId, undefined);
  }

  async function maybeTitle(conversationId: string) {
    if (!deps.generateTitle) return;
    const store = await deps.store;
    const messages = await store.listMessages(conversationId);
    const users = messages.filter((m) => m.role === 'user');
    const answer = messages.find((m) => m.role === 'assistant' && m.status === 'complete');
    if (users.length !== 1 || !answer) return;
    const title = (await deps.generateTitle(users[0]!.text, answer.text))?.trim();
    if (!title) return;
    await store.renameConversation(conversationId, title);
    const conversation = await store.getConversation(conversationId);
    if (conversation) broadcast(conversationId, { type: 'conversation-updated', conversation });
  }

  /** Stores an assistant message that is only an error, so the user sees it and can retry. */
  async function failTurn(conversationId: string, error: unknown) {
    const e = error as { code?: string; message?: string };
    const message: MessageRecord = {
      id: deps.generateId(),
      conversationId,
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: deps.now(),
      error: { code: e?.code ?? 'internal', message: e?.message ?? String(error) },
    };
    await (await deps.store).putMessage(message);
    broadcast(conversationId, { type: 'message', message });
  }

  async function startTurn(conversationId: string, page: PanelPageContext | undefined, mentionedTabIds?: number[]) {
    starting.add(conversationId);
    try {
      await settling.get(conversationId);
      const store = await deps.store;
      const records = await store.listMessages(conversationId);
      const question = [...records].reverse().find((m) => m.role === 'user')?.text ?? '';
      const chosen = (await store.getConversation(conversationId))?.model;
      const [resolved, settings, runtime] = await Promise.all([deps.resolveModel(chosen), deps.runSettings(page, question, mentionedTabIds), deps.runtime()]);
      const history = toModelHistory(records);
      const placeholder: MessageRecord = {
        id: deps.generateId(),
        conversationId,
        role: 'assistant',
        text: '',
        status: 'streaming',
        createdAt: deps.now(),
        model: resolved.label,
      };
      await store.putMessage(placeholder);
      broadcast(conversationId, { type: 'message', message: placeholder });
      const handle = await runtime.startRun({ conversationId, messages: history, model: resolved.ref, settings, messageId: placeholder.id });
      // Links the answer to its journal once; its content is written from the journal when the run settles.
      await store.putMessage({ ...placeholder, runId: handle.runId });
      void handle.done.then((result) => finalize(handle.runId, result)).catch((e: unknown) => console.error('finalising run failed', e));
    } catch (error) {
      await failTurn(conversationId, error).catch((e: unknown) => console.error('could not store the failed turn', e));
    } finally {
      starting.delete(conversationId);
    }
  }

  /** Stops the conversation's run, if one is live; resolves once it has stopped. */
  async function stop(conversationId: string): Promise<void> {
    const runId = byConversation.get(conversationId);
    if (runId) await (await deps.runtime()).stop(runId);
  }

  async function handle(port: PanelPortLike, command: PanelCommand): Promise<void> {
    const store = await deps.store;
    switch (command.type) {
      case 'subscribe':
        subscriptions.set(port, command.conversationId);
        await snapshot(port, command.conversationId);
        return;
      case 'send': {
        const text = command.text.trim();
        if (!text) throw new UserFacingError('invalid', t('bg_type_message_first'));
        let conversationId = command.conversationId;
        if (conversationId && !(await store.getConversation(conversationId))) throw new UserFacingError('not_found', t('bg_conversation_gone'));
        const liveRunId = conversationId ? byConversation.get(conversationId) : undefined;
        if (liveRunId && conversationId) {
          // A message during a run joins that run before its next model call; until then it is queued.
          queued.add(liveRunId, { id: command.clientId, text });
          postQueue(conversationId, liveRunId);
          try {
            await (await deps.runtime()).interject(liveRunId, text);
          } catch (error) {
            queued.accept(liveRunId, text);
            postQueue(conversationId, liveRunId);
            throw error;
          }
          return;
        }
        if (conversationId && starting.has(conversationId)) throw new UserFacingError('busy', t('bg_answer_starting'));
        if (!conversationId) {
          const at = deps.now();
          const conversation: ConversationRecord = {
            id: deps.generateId(),
            title: text.replace(/\s+/g, ' ').slice(0, 60),
            createdAt: at,
            updatedAt: at,
            ...(command.model ? { model: command.model } : {}),
          };
          await store.createConversation(conversation);
          conversationId = conversation.id;
          subscriptions.set(port, conversationId);
          port.postMessage({ type: 'conversation-created', conversation, clientId: command.clientId });
        }
        const user: MessageRecord = { id: command.clientId, conversationId, role: 'user', text, status: 'complete', createdAt: deps.now() };
        await store.putMessage(user);
        broadcast(conversationId, { type: 'message', message: user });
        void startTurn(conversationId, command.page, command.mentionedTabIds);
        return;
      }
      case 'retry': {
        const { conversationId } = command;
        if (isBusy(conversationId)) throw new UserFacingError('busy', t('bg_answer_busy'));
        const messages = await store.listMessages(conversationId);
        const last = messages[messages.length - 1];
        if (!last) throw new UserFacingError('not_found', t('bg_nothing_to_retry'));
        if (last.role === 'assistant') {
          if (last.status !== 'error') throw new UserFacingError('invalid', t('bg_retry_only_failed'));
          await store.deleteMessage(last.id);
          await snapshot(port, conversationId);
        }
        void startTurn(conversationId, command.page);
        return;
      }
      case 'stop':
        return stop(command.conversationId);
      case 'regenerate':
      case 'edit':
      case 'delete-message': {
        const { conversationId } = command;
        if (isBusy(conversationId)) throw new UserFacingError('busy', t('bg_wait_or_stop'));
        if (command.type === 'regenerate') await dropLastAnswer(store, conversationId);
        else if (command.type === 'edit') await editUserMessage(store, conversationId, command.messageId, command.text.trim());
        else await deleteOneMessage(store, conversationId, command.messageId);
        // Every panel showing the conversation redraws it from the store.
        for (const [p, subscribed] of subscriptions) if (subscribed === conversationId) await snapshot(p, conversationId);
        if (command.type !== 'delete-message') void startTurn(conversationId, command.page);
        return;
      }
      case 'approval': {
        // A run the worker has not resumed yet (it was stopped while the card waited) still takes the decision:
        // the runtime stores it for the run, and refuses one that has no pending approval.
        const runtime = await deps.runtime();
        if (!runs.has(command.runId) && !(await runtime.hasPendingApproval(command.runId, command.toolCallId))) throw new UserFacingError('not_found', t('bg_run_finished'));
        // What the user typed on the card waits in memory for this one call (see user-input-inbox.ts).
        const typed = { ...(command.secret ? { secret: command.secret } : {}), ...(command.note ? { note: command.note } : {}) };
        if (command.decision !== 'denied' && (typed.secret || typed.note)) userInputInbox.put(command.runId, command.toolCallId, typed);
        await runtime.resolveApproval(command.runId, command.toolCallId, command.decision);
        return;
      }
    }
  }

  return {
    handle,
    /** A Port connected: validate each command and answer errors on the same Port. */
    attach(port: PanelPortLike & { onMessage: { addListener(f: (m: unknown) => void): void }; onDisconnect: { addListener(f: () => void): void } }) {
      subscriptions.set(port, null);
      port.onMessage.addListener((raw) => {
        const parsed = panelCommandSchema.safeParse(raw);
        if (!parsed.success) {
          port.postMessage({ type: 'command-error', message: `Invalid command: ${parsed.error.issues[0]?.message ?? 'malformed'}` });
          return;
        }
        handle(port, parsed.data).catch((error: unknown) => {
          port.postMessage({ type: 'command-error', message: error instanceof Error ? error.message : String(error) });
        });
      });
      port.onDisconnect.addListener(() => subscriptions.delete(port));
    },
    isRunning: (conversationId: string) => isBusy(conversationId),
    /** A conversation's record changed elsewhere (renamed): panels showing it get the new one. */
    async conversationChanged(conversationId: string): Promise<void> {
      const conversation = await (await deps.store).getConversation(conversationId);
      if (conversation) broadcast(conversationId, { type: 'conversation-updated', conversation });
    },
    stop,
    liveRunCount: () => runs.size,
    /**
     * On wake: resume every unfinished run from its journal; answers left `streaming` with no run to resume
     * are kept, with what their journal holds, and marked interrupted.
     */
    async resumeAfterWake(): Promise<number> {
      const runtime = await deps.runtime();
      const unfinished = await deps.listUnfinishedRuns();
      for (const run of unfinished) {
        if (runs.has(run.id)) continue;
        runs.set(run.id, { conversationId: run.conversationId, messageId: run.messageId });
        byConversation.set(run.conversationId, run.id);
      }
      const handles = await runtime.resumeUnfinishedRuns();
      for (const h of handles) void h.done.then((r) => finalize(h.runId, r)).catch((e: unknown) => console.error('finalising resumed run failed', e));
      // A panel that reconnected before the runs were registered got the stored placeholder; it gets the live run.
      const woken = new Set(unfinished.map((r) => r.conversationId));
      for (const [p, subscribed] of subscriptions) if (subscribed && woken.has(subscribed)) await snapshot(p, subscribed);
      const store = await deps.store;
      const resumed = new Set([...runs.values()].map((r) => r.messageId));
      for (const m of await store.listStreamingMessages()) {
        if (resumed.has(m.id)) continue;
        const fromJournal = m.runId ? await viewOf(m.runId) : undefined;
        await store.putMessage({ ...m, ...(fromJournal?.parts.length ? fromJournal : {}), status: 'interrupted' });
      }
      return handles.length;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
