/** The side panel's Port: commands in (validated), AgentEvents and snapshots out. */
import { z } from 'zod';
import type { AgentEvent } from '../agent/agent-event';
import type { ConversationRecord, MessageRecord } from '../storage/records';

export const PANEL_PORT = 'tabwise:panel';

const id = z.string().min(1).max(200);

export const panelCommandSchema = z.discriminatedUnion('type', [
  /** Show this conversation (or none) and stream its events to me. */
  z.object({ type: z.literal('subscribe'), conversationId: id.nullable() }),
  /** Send a user message; with no conversation id a new conversation starts. */
  z.object({ type: z.literal('send'), conversationId: id.nullable(), text: z.string().trim().min(1).max(100_000), clientId: id }),
  /** Answer the last user message again (after an error). */
  z.object({ type: z.literal('retry'), conversationId: id }),
  z.object({ type: z.literal('stop'), conversationId: id }),
]);
export type PanelCommand = z.infer<typeof panelCommandSchema>;

export type PanelMessage =
  | { type: 'snapshot'; conversation: ConversationRecord | null; messages: MessageRecord[]; running: boolean }
  | { type: 'conversation-created'; conversation: ConversationRecord; clientId: string }
  | { type: 'message'; message: MessageRecord }
  | { type: 'event'; event: AgentEvent }
  | { type: 'command-error'; message: string };
