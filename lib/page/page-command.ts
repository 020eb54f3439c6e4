/**
 * The wire format between the background and the page agent (the content script of every frame). Both
 * sides validate what they receive with these schemas: the content script trusts nothing on the page, and
 * the worker trusts nothing a page could have tampered with.
 */
import { z } from 'zod';

/** What the page agent can be asked to do: the five page tools, plus preview (read-only) and undo. */
export const pageCommandNames = ['read_page', 'get_form_state', 'fill_form', 'click', 'submit_form', 'preview', 'undo'] as const;
export type PageCommandName = (typeof pageCommandNames)[number];

const id = z.string().min(1).max(200);

/** One command from the background to a frame's page agent. */
export const pageCommandSchema = z.object({
  tabwise: z.literal('page-command'),
  command: z.enum(pageCommandNames),
  runId: id,
  toolCallId: id,
  input: z.unknown(),
  /** The document the run's snapshot was taken in; another document means the page navigated since. */
  expectDocId: id.optional(),
});
export type PageCommand = z.infer<typeof pageCommandSchema>;

/** Input of the preview command: the keys a pending fill_form would write. */
export const previewInput = z.object({ keys: z.array(z.string().max(500)).max(1000) });

const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string())]);

/** Output of the preview command: each key's label and current value, or null for keys not in the snapshot. */
export const previewOutput = z.record(z.string(), z.object({ label: z.string(), value: fieldValue }).nullable());
export type PreviewOutput = z.infer<typeof previewOutput>;

/** Output of the undo command. */
export const undoOutput = z.object({
  restored: z.array(z.object({ key: z.string(), value: fieldValue })),
  failed: z.array(z.object({ key: z.string(), reason: z.string() })),
});

/** The page agent's answer; `docId` and `url` say which document answered. */
export const pageReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), output: z.unknown(), docId: id, url: z.string() }),
  z.object({ ok: z.literal(false), error: z.enum(['tool-error', 'navigated']), message: z.string(), docId: id, url: z.string() }),
]);
export type PageReply = z.infer<typeof pageReplySchema>;
