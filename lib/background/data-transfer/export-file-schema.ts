/**
 * The file "Export everything" writes and "Import" reads: conversations with their messages, memories, the
 * user's skills and settings (the "Read only" switch among them), the providers (without keys), the "Remember
 * what I read" settings and the "always allow" grants, under a
 * format name and a version. Keys are not in it, and cannot be: every object here is parsed with a schema,
 * and zod drops fields the schema does not name (an API key, an encrypted key blob, its last four
 * characters), on the way out as on the way in.
 */
import { z } from 'zod';
import { providerConfigSchema } from '../../core/provider-config';
import { toErrorInfo } from '../../core/to-error-info';
import { indexSettingsSchema } from '../../retrieval/index-settings';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_CHARS, MAX_ATTACHMENTS } from '../../core/message-attachment';
import { mentionsSchema } from '../panel-command-schema';
import { requestSchemas } from '../request-schemas';
import { NO_SITE } from '../../tools/site-policy-store';

export const EXPORT_FORMAT = 'tabwise-export';
export const EXPORT_VERSION = 1;

const id = z.string().min(1).max(200);
const time = z.number().finite().nonnegative();
const count = z.number().int().nonnegative();
const text = z.string().max(2_000_000);

const usageSchema = z.object({
  inputTokens: count,
  outputTokens: count,
  cachedInputTokens: count,
  cacheWriteTokens: count,
});
/** A price the user set for a custom server's model, as stamped on its answers ($ per million tokens). */
const price = z.number().finite().nonnegative();
const tokenPricesSchema = z.object({
  input: price,
  cachedInput: price,
  cacheWrite: price.optional(),
  output: price,
  inputIncludesCached: z.boolean(),
});
/** A code this version does not know (a file from another version) imports as 'internal', its message kept. */
const errorInfoSchema = z
  .object({
    code: z.string().max(100),
    message: z.string().max(10_000),
    status: z.number().int().optional(),
  })
  .transform((error) => toErrorInfo(error));

const untrustedKind = z.enum(['page_content', 'saved_memory']);
/** A tool call's result (lib/core/tool-result.ts ToolResult): a failure's message is text; a success's value is checked by the card that shows it. */
const toolResultSchema = z.union([
  z.looseObject({ error: text, untrustedDetail: text.optional(), untrusted: untrustedKind.optional() }),
  z.looseObject({ value: z.unknown(), untrusted: untrustedKind.optional() }),
]);

/**
 * What the user saw of a run. Each kind's fields the panel relies on are checked; fields added by later
 * versions pass through (a loose object), so a newer part still imports into this shape.
 */
type RunPartInput = { kind: string; [k: string]: unknown };
const runPartSchema: z.ZodType<RunPartInput> = z.lazy(() =>
  z.union([
    z.looseObject({ kind: z.enum(['text', 'reasoning', 'interjection', 'notice']), text }),
    z.looseObject({
      kind: z.literal('tool'),
      toolCallId: id,
      toolName: z.string().min(1).max(200),
      status: z.string().max(50),
      result: toolResultSchema.optional(),
      // Files written before results were typed: read through the legacy normaliser when shown.
      output: text.optional(),
      durationMs: z.number().finite().optional(),
      approval: z
        .looseObject({
          preview: text,
          decision: z.enum(['approved', 'denied', 'always']).optional(),
          origin: z.string().max(2000).optional(),
        })
        .optional(),
      nested: z.array(runPartSchema).max(1000).optional(),
    }),
    z.looseObject({
      kind: z.literal('pause'),
      pauseId: id,
      steps: z.number().int().min(0),
      more: z.number().int().min(0),
      decision: z.enum(['continue', 'stop']).optional(),
    }),
  ]),
);

/** A message as the model sees it; only its shape is checked (its content is the user's own history). */
const chatMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.array(z.looseObject({ type: z.string().max(50) })).max(10_000),
});

/** A message's attached file as its chip shows it (lib/core/message-attachment.ts). */
const messageAttachmentSchema = z.object({
  id,
  name: z.string().min(1).max(1000),
  size: count,
  kind: z.string().min(1).max(50),
  pages: count.optional(),
  rows: count.optional(),
  notSent: z.string().max(1000).optional(),
});

/**
 * An attached file with what was read from it (what the model is sent) and its bytes in base64; a file over the
 * export's budget for bytes travels without them (`data` absent): its text still answers, its image is not sent.
 */
export const exportedAttachmentSchema = z.object({
  id,
  conversationId: id,
  messageId: id,
  name: z.string().min(1).max(1000),
  mediaType: z.string().max(200),
  size: count,
  createdAt: time,
  kind: z.string().min(1).max(50).optional(),
  reading: z
    .object({
      text: z.string().max(MAX_ATTACHMENT_CHARS),
      pages: count.optional(),
      rows: count.optional(),
      notes: z.array(z.string().max(2000)).max(100),
      totalChars: count.optional(),
    })
    .optional(),
  data: z
    .string()
    .max(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4)
    .optional(),
});

const messageStatus = z.enum(['complete', 'streaming', 'stopped', 'error', 'interrupted']);

/** What one version of an answer holds (lib/storage/records.ts AnswerVersion); a message's own fields are one too. */
const answerVersionFields = {
  text,
  status: messageStatus,
  model: z.string().max(500).optional(),
  // A custom server's answer stays unpriced (or priced at the user's price) after an import, never at a list price.
  unpriced: z.literal(true).optional(),
  price: tokenPricesSchema.optional(),
  mentions: mentionsSchema.optional(),
  attachments: z.array(messageAttachmentSchema).max(MAX_ATTACHMENTS).optional(),
  usage: usageSchema.optional(),
  error: errorInfoSchema.optional(),
  runId: id.optional(),
  parts: z.array(runPartSchema).max(10_000).optional(),
  modelMessages: z.array(chatMessageSchema).max(10_000).optional(),
  finish: z.enum(['stop', 'length', 'step-limit', 'stopped', 'error']).optional(),
};

const { text: _text, status: _status, ...versionFieldsAfterStatus } = answerVersionFields;

/**
 * A message; an answer regenerated keeps its other versions and which one is shown. Files from before
 * versions existed have neither and import as answers with one version.
 */
export const exportedMessageSchema = z
  .object({
    id,
    conversationId: id,
    role: z.enum(['user', 'assistant']),
    // The fields in the order files have always had them.
    text: answerVersionFields.text,
    status: answerVersionFields.status,
    createdAt: time,
    ...versionFieldsAfterStatus,
    otherVersions: z.array(z.object(answerVersionFields)).max(10_000).optional(),
    versionIndex: count.optional(),
  })
  .refine((m) => m.versionIndex === undefined || m.versionIndex <= (m.otherVersions?.length ?? 0), {
    message: 'versionIndex is past the last version',
    path: ['versionIndex'],
  });

export const exportedConversationSchema = z.object({
  conversation: z.object({ id, title: z.string().max(1000), createdAt: time, updatedAt: time }),
  messages: z.array(exportedMessageSchema).max(100_000),
});

export const exportedMemorySchema = z.object({
  id,
  text: z.string().min(1).max(20_000),
  tags: z.array(z.string().max(200)).max(100),
  createdAt: time,
  url: z.string().max(4000).optional(),
});

/** A user skill, checked like one saved in Settings. */
export const exportedSkillSchema = requestSchemas['skills.save'];

/** The settings a user can set in Settings, with the same bounds (skills travel apart, above). */
export const exportedSettingsSchema = requestSchemas['settings.update'];

/**
 * A provider as configured, never its key: `hadKey` says the exporting browser had one, so the import can ask
 * for it. The id only ties the file's default model to its provider; an import gives each provider a new one.
 */
export const exportedProviderSchema = providerConfigSchema.extend({ id, hadKey: z.boolean().default(false) });

/**
 * "Remember what I read" as the user set it (on/off, paused, which sites, timing, retention, grounding). The
 * embedding model's source is this machine's business (a local folder, a mirror), so it does not travel.
 */
export const exportedRememberSchema = indexSettingsSchema.omit({ model: true }).partial();

/** A grant's site: an http(s) origin exactly as a page's origin reads, or the key of runs without a page. */
const isGrantSite = (site: string) => {
  if (site === NO_SITE) return true;
  try {
    const url = new URL(site);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === site;
  } catch {
    return false;
  }
};

/**
 * An "always allow" grant: the site (an origin), the tool (a name both vendors accept) and when it was given
 * (absent: before grants were timed). Whether the tool exists here and can be always allowed is checked on import.
 */
export const exportedGrantSchema = z.object({
  site: z.string().max(2000).refine(isGrantSite, 'not a web origin (https://host or http://host:port)'),
  toolName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a tool name'),
  givenAt: time.optional(),
});

/**
 * The saved tasks, each checked on its own in the import (apply-import.ts) so a refusal names the task and says
 * what is wrong with it; here only that they are objects.
 */
const exportedTasksSchema = z.array(z.looseObject({})).max(10_000);

export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: time,
  conversations: z.array(exportedConversationSchema).max(100_000),
  memories: z.array(exportedMemorySchema).max(100_000),
  skills: z.array(exportedSkillSchema).max(1000),
  settings: exportedSettingsSchema,
  // Optional on the way in: files from before they were exported still import.
  providers: z.array(exportedProviderSchema).max(100).optional(),
  remember: exportedRememberSchema.optional(),
  attachments: z.array(exportedAttachmentSchema).max(100_000).optional(),
  /** "Always allow" grants (Settings → Permissions); files from before grants travelled have none. */
  grants: z.array(exportedGrantSchema).max(10_000).optional(),
  /** Saved tasks (lib/core/saved-task.ts); files from before tasks existed have none. */
  tasks: exportedTasksSchema.optional(),
  /** Model comparisons (lib/core/eval-comparison.ts), each checked on its own in the import; older files have none. */
  comparisons: z.array(z.looseObject({})).max(10_000).optional(),
});

export type ExportFile = z.output<typeof exportFileSchema>;
export type ExportedMessage = z.output<typeof exportedMessageSchema>;
export type ExportedAttachment = z.output<typeof exportedAttachmentSchema>;
export type ExportedGrant = z.output<typeof exportedGrantSchema>;
