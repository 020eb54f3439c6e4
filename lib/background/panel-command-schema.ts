/** The side panel's commands as the worker validates them on arrival (the panel itself never loads zod). */
import { z } from 'zod';
import { MAX_ATTACHMENTS } from '../core/message-attachment';
import { MAX_MENTIONS, MAX_MENTION_TITLE } from '../core/message-mention';

const id = z.string().min(1).max(200);

/**
 * A command that must arrive carries an `ackId`: the worker answers it with an `ack` once handled, and the panel
 * sends it again after a reconnect until then (its Port may have died before it knew). Such commands are handled
 * so that a second copy changes nothing.
 */
const ackId = id.optional();

/** The page the user is looking at, as the chips in the panel show it (the user can remove any of them). */
export const pageContextSchema = z.object({
  url: z.string().max(4000),
  title: z.string().max(1000).optional(),
  selectedText: z.string().max(20_000).optional(),
  tabId: z.number().int().nonnegative().optional(),
});

/**
 * Tabs the user @-mentioned in the composer, each at its place in the text (`@title` from `start` to `end`):
 * the run may read those tabs too (checked again when used), and the message shows them as pills.
 */
export const mentionsSchema = z
  .array(
    z.object({
      tabId: z.number().int().nonnegative(),
      title: z.string().min(1).max(MAX_MENTION_TITLE),
      start: z.number().int().nonnegative(),
      end: z.number().int().nonnegative(),
    }),
  )
  .max(MAX_MENTIONS);

export const conversationModelSchema = z.object({ providerId: id, modelId: z.string().trim().min(1).max(200) });

export const panelCommandSchema = z.discriminatedUnion('type', [
  /** Show this conversation (or none) and stream its events to me. */
  z.object({ type: z.literal('subscribe'), conversationId: id.nullable() }),
  /** Send a user message; with no conversation id a new conversation starts. */
  /** During a run, the message joins that run before its next model call (an interjection). */
  /** `model`: the switcher's choice for a new conversation (stored on it; the default stays in Settings). */
  z.object({
    type: z.literal('send'),
    conversationId: id.nullable(),
    text: z.string().trim().min(1).max(100_000),
    clientId: id,
    page: pageContextSchema.optional(),
    model: conversationModelSchema.optional(),
    mentions: mentionsSchema.optional(),
    /** Files attached in the composer (their ids in the attachments store, already read). */
    attachments: z.array(id).max(MAX_ATTACHMENTS).optional(),
    /** A saved task run from the panel: the worker reads it by id and runs it by its kind (task-run-plan.ts). */
    task: z
      .object({
        id,
        values: z.record(z.string().max(40), z.string().max(5000)).refine((v) => Object.keys(v).length <= 50),
      })
      .optional(),
  }),
  /** Answer the last user message again (after an error). */
  z.object({ type: z.literal('retry'), conversationId: id, page: pageContextSchema.optional() }),
  z.object({ type: z.literal('stop'), conversationId: id, ackId }),
  /** Answer the last user message again; the last answer (whatever its status) stays as an earlier version. */
  z.object({ type: z.literal('regenerate'), conversationId: id, page: pageContextSchema.optional() }),
  /** Go on with the last answer, which the user stopped: what the model writes is added to it. */
  z.object({ type: z.literal('continue'), conversationId: id, page: pageContextSchema.optional() }),
  /** Show version `index` (0-based) of an answer; the conversation continues from the version shown. */
  z.object({
    type: z.literal('show-version'),
    conversationId: id,
    messageId: id,
    index: z.number().int().nonnegative().max(100_000),
  }),
  /** Replace a sent user message with new text and continue from there: every later message goes. */
  z.object({
    type: z.literal('edit'),
    conversationId: id,
    messageId: id,
    text: z.string().trim().min(1).max(100_000),
    page: pageContextSchema.optional(),
  }),
  /** Delete one message of the conversation. */
  z.object({ type: z.literal('delete-message'), conversationId: id, messageId: id }),
  /** `secret`: the password typed on a fill_password card; `note`: what the user wrote on an ask_user card. Never stored. */
  z.object({
    type: z.literal('approval'),
    runId: id,
    toolCallId: id,
    decision: z.enum(['approved', 'denied', 'always']),
    secret: z.string().min(1).max(1000).optional(),
    note: z.string().max(1000).optional(),
    ackId,
  }),
]);
