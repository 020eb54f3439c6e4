/**
 * The side panel's Port: commands in (validated by the worker with panel-command-schema.ts), AgentEvents
 * and snapshots out. Types only besides the Port's name, so the panel pulls no zod.
 */
import type { z } from 'zod';
import type { AgentEvent } from '../agent/agent-event';
import type { ApprovalOutcome } from '../agent/agent-runtime';
import type { ConversationRecord, MessageRecord } from '../storage/records';
import type { QueuedMessage } from './queued-messages';
import type { pageContextSchema, panelCommandSchema } from './panel-command-schema';

export type { ApprovalOutcome };

export const PANEL_PORT = 'tabwise:panel';

export type PanelPageContext = z.infer<typeof pageContextSchema>;
export type PanelCommand = z.infer<typeof panelCommandSchema>;

export type PanelMessage =
  | {
      type: 'snapshot';
      conversation: ConversationRecord | null;
      messages: MessageRecord[];
      running: boolean;
      queued?: QueuedMessage[];
    }
  /** Messages sent during the running answer that it has not taken in yet. */
  | { type: 'queued'; conversationId: string; messages: QueuedMessage[] }
  | { type: 'conversation-created'; conversation: ConversationRecord; clientId: string }
  | { type: 'conversation-updated'; conversation: ConversationRecord }
  | { type: 'message'; message: MessageRecord }
  | { type: 'event'; event: AgentEvent }
  | { type: 'command-error'; message: string }
  /**
   * A command with an `ackId` was handled: a decision with what became of it, or the error it met (then no
   * `command-error` is sent for it).
   */
  | { type: 'ack'; ackId: string; approval?: ApprovalOutcome; error?: string };
