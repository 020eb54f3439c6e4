/** The side panel's Port: commands in (validated), AgentEvents and snapshots out. */
import { z } from 'zod';
import type { AgentEvent } from '../agent/agent-event';
import type { ConversationRecord, MessageRecord } from '../storage/records';

export const PANEL_PORT = 'tabwise:panel';

const id = z.string().min(1).max(200);

/** The page the user is looking at, as the chips in the panel show it (the user can remove any of them). */
export const pageContextSchema = z.object({
  url: z.string().max(4000),
  title: z.string().max(1000).optional(),
  selectedText: z.string().max(20_000).optional(),
  tabId: z.number().int().nonnegative().optional(),
});
export type PanelPageContext = z.infer<typeof pageContextSchema>;

export const panelCommandSchema = z.discriminatedUnion('type', [
  /** Show this conversation (or none) and stream its events to me. */
  z.object({ type: z.literal('subscribe'), conversationId: id.nullable() }),
  /** Send a user message; with no conversation id a new conversation starts. */
  /** During a run, the message joins that run before its next model call (an interjection). */
  z.object({ type: z.literal('send'), conversationId: id.nullable(), text: z.string().trim().min(1).max(100_000), clientId: id, page: pageContextSchema.optional() }),
  /** Answer the last user message again (after an error). */
  z.object({ type: z.literal('retry'), conversationId: id, page: pageContextSchema.optional() }),
  z.object({ type: z.literal('stop'), conversationId: id }),
  z.object({ type: z.literal('approval'), runId: id, toolCallId: id, decision: z.enum(['approved', 'denied', 'always']) }),
]);
export type PanelCommand = z.infer<typeof panelCommandSchema>;

export type PanelMessage =
  | { type: 'snapshot'; conversation: ConversationRecord | null; messages: MessageRecord[]; running: boolean }
  | { type: 'conversation-created'; conversation: ConversationRecord; clientId: string }
  | { type: 'conversation-updated'; conversation: ConversationRecord }
  | { type: 'message'; message: MessageRecord }
  | { type: 'event'; event: AgentEvent }
  | { type: 'command-error'; message: string };
