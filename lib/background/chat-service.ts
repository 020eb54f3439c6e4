/**
 * The background's chat hub. Side panel Ports subscribe to a conversation; commands start agent runs, queue
 * interjections, deliver approvals and stop runs; every AgentEvent is relayed to each Port watching that
 * conversation. The run journal is the only checkpoint of an answer: a panel that subscribes mid-run gets the
 * run replayed from it, and the answer's message record is derived from it once the run settles
 * (settle-answer.ts). Runs the worker was killed in are picked up again on wake (resume-after-wake.ts).
 */
import type { AgentEvent } from '../agent/agent-event';
import type { MessageRecord } from '../storage/records';
import { monotonicClock } from '../util/monotonic-clock';
import { createChatHub, type ChatServiceDeps, type PanelPortLike } from './chat-hub';
import { handlePanelCommand, stopConversation } from './handle-panel-command';
import { panelCommandSchema } from './panel-command-schema';
import type { PanelCommand } from './panel-port';
import { resumeAfterWake } from './resume-after-wake';
import { createAnswerSettler } from './settle-answer';
import { createTurnStarter } from './start-turn';
import { UserFacingError } from '../messaging/user-facing-error';

export type { ChatServiceDeps, PanelPortLike };
export { UserFacingError };

type AttachablePort = PanelPortLike & {
  onMessage: { addListener(f: (m: unknown) => void): void };
  onDisconnect: { addListener(f: () => void): void };
};

export function createChatService(input: ChatServiceDeps) {
  // Every use of the runtime goes through this promise, so the service is subscribed before any run starts.
  const runtime = Promise.resolve(input.runtime).then((r) => {
    r.subscribe(onAgentEvent);
    return r;
  });
  const hub = createChatHub({ ...input, runtime: () => runtime, now: monotonicClock(input.now) });
  const finalize = createAnswerSettler(hub, (conversationId) => void startTurn(conversationId, undefined));
  const startTurn = createTurnStarter(hub, finalize);

  function onAgentEvent(event: AgentEvent) {
    if (event.type === 'run-start' && !hub.runs.has(event.runId)) {
      hub.runs.set(event.runId, { conversationId: event.conversationId, messageId: event.messageId });
      hub.byConversation.set(event.conversationId, event.runId);
    }
    const live = hub.runs.get(event.runId);
    if (live) hub.broadcast(live.conversationId, { type: 'event', event });
    if (live && event.type === 'interjection-accepted' && hub.queued.accept(event.runId, event.text))
      hub.postQueue(live.conversationId, event.runId);
  }

  const handle = (port: PanelPortLike, command: PanelCommand) => handlePanelCommand(hub, startTurn, port, command);

  return {
    handle,
    /**
     * A Port connected: validate each command and answer errors on the same Port; a command that must arrive
     * (it has an `ackId`) is acknowledged once handled, with what became of it.
     */
    attach(port: AttachablePort) {
      hub.subscriptions.set(port, null);
      port.onMessage.addListener((raw) => {
        const parsed = panelCommandSchema.safeParse(raw);
        if (!parsed.success) {
          port.postMessage({
            type: 'command-error',
            message: `Invalid command: ${parsed.error.issues[0]?.message ?? 'malformed'}`,
          });
          return;
        }
        const ackId = 'ackId' in parsed.data ? parsed.data.ackId : undefined;
        handle(port, parsed.data).then(
          (outcome) => {
            if (ackId) port.postMessage({ type: 'ack', ackId, ...(outcome ? { approval: outcome } : {}) });
          },
          (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            port.postMessage(ackId ? { type: 'ack', ackId, error: message } : { type: 'command-error', message });
          },
        );
      });
      port.onDisconnect.addListener(() => hub.subscriptions.delete(port));
    },
    isRunning: (conversationId: string) => hub.isBusy(conversationId),
    /** A conversation's record changed elsewhere (renamed): panels showing it get the new one. */
    async conversationChanged(conversationId: string): Promise<void> {
      const conversation = await (await hub.deps.store).getConversation(conversationId);
      if (conversation) hub.broadcast(conversationId, { type: 'conversation-updated', conversation });
    },
    /** A message changed outside a run (a file kept in the index): panels showing its conversation get it. */
    messageChanged: (message: MessageRecord) => hub.broadcast(message.conversationId, { type: 'message', message }),
    stop: (conversationId: string) => stopConversation(hub, conversationId),
    liveRunCount: () => hub.runs.size,
    /** A Port-like the worker itself handed to `handle` (a scheduled run's) stops being told anything. */
    detach: (port: PanelPortLike) => void hub.subscriptions.delete(port),
    /** On wake: resume every unfinished run from its journal (resume-after-wake.ts). */
    resumeAfterWake: () => resumeAfterWake(hub, finalize),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
