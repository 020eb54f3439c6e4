/**
 * The background's requests from the extension's pages (options, side panel), validated on arrival with
 * these zod schemas. Only the worker imports this file: the pages send through the zod-free contract in
 * protocol.ts.
 */
import { lazyRecord } from '../util/lazy-record';
import { z } from 'zod';
import { RUN_LIMITS } from '../agent/run-settings';
import { RETENTION_DAYS } from '../agent/activity-store';
import { providerInputSchema, providerTestSchema } from '../core/provider-config';
import { indexSettingsPatchSchema } from '../retrieval/index-settings';
import { deleteTargetSchema, pagesQuerySchema } from '../retrieval/offscreen-request-schemas';
import { historyQuerySchema } from '../retrieval/history-query';
import { mcpServerInputSchema, mcpToolSettingSchema } from '../tools/mcp/mcp-server-record';
import { formatInteger } from '../util/format-integer';
import { SHARE_SOURCES } from '../tools/team/team-share-body';
import { taskFieldsSchema, taskModelSchema } from '../core/saved-task';
import { MAX_COMPARED_MODELS, MIN_COMPARED_MODELS } from '../core/eval-comparison';
import { t, type MessageKey } from '../util/t';

const id = z.string().min(1).max(200);

/**
 * A validation message in the user's language, read when a value fails (the schemas are built once, at load,
 * before the language matters). The issues' messages are what the settings form shows under the field.
 */
const say = (key: MessageKey, ...substitutions: (string | number)[]) => ({ error: () => t(key, ...substitutions) });

/** The three messages of one run cap, each a whole sentence (word order differs between languages). */
interface LimitMessages {
  whole: MessageKey;
  min: MessageKey;
  max: MessageKey;
}

/** A run cap from the settings form: a whole number within the cap's bounds, said in the user's words. */
const limit = ({ min, max }: { min: number; max: number }, says: LimitMessages) =>
  z
    .number()
    .int(say(says.whole))
    .min(min, { error: () => t(says.min, formatInteger(min)) })
    .max(max, { error: () => t(says.max, formatInteger(max)) })
    .optional();

/** Settings → Web search's form: the backend, its address, and a key only when one is typed. */
const webSearchInputSchema = z.object({
  backend: z.enum(['none', 'searxng', 'brave', 'tavily']),
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/, ...say('bg_web_search_url') }).max(2000)]).optional(),
  apiKey: z.string().max(500).optional(),
});

/** A provider instance and one of its models. */
const conversationModelSchema = z.object({ providerId: id, modelId: z.string().trim().min(1).max(200) });
/** Models a run moves to, in order, when the one answering fails (lib/agent/model-fallback.ts). */
const fallbackModelsSchema = z.array(conversationModelSchema).max(10, say('bg_fallbacks_max'));

export const requestSchemas = lazyRecord({
  'providers.list': () => z.object({}),
  'providers.save': () => providerInputSchema,
  'providers.delete': () => z.object({ id }),
  /** Lists the endpoint's models: a saved provider by id, or a draft from the form (its key if typed, else the saved one). */
  'providers.test': () => providerTestSchema,
  /** What Chrome reports of its built-in model where runs use it (the worker). */
  'providers.builtinStatus': () => z.object({}),
  'settings.get': () => z.object({}),
  'policy.get': () => z.object({}),
  'settings.update': () =>
    z.object({
      defaultProviderId: id.optional(),
      maxSteps: z.number().int().min(1, say('bg_steps_min')).max(50, say('bg_steps_max')).optional(),
      customInstructions: z.string().max(20_000).optional(),
      reasoning: z.enum(['off', 'low', 'medium', 'high']).optional(),
      maxToolCallsPerStep: limit(RUN_LIMITS.maxToolCallsPerStep, {
        whole: 'bg_limit_tool_calls_whole',
        min: 'bg_limit_tool_calls_min',
        max: 'bg_limit_tool_calls_max',
      }),
      maxConcurrentSubAgents: limit(RUN_LIMITS.maxConcurrentSubAgents, {
        whole: 'bg_limit_sub_agents_whole',
        min: 'bg_limit_sub_agents_min',
        max: 'bg_limit_sub_agents_max',
      }),
      maxRunTokens: limit(RUN_LIMITS.maxRunTokens, {
        whole: 'bg_limit_tokens_whole',
        min: 'bg_limit_tokens_min',
        max: 'bg_limit_tokens_max',
      }),
      stallTimeoutMs: z.number().int().min(1_000, say('bg_stall_min')).max(600_000, say('bg_stall_max')).optional(),
      fallbackModels: fallbackModelsSchema.optional(),
      /** Settings → Permissions: the agent may read but not write, click, type, submit, navigate or save. */
      readOnly: z.boolean().optional(),
      useSiteTools: z.boolean().optional(),
    }),
  /** Exactly what the model was sent at each step of a run ("what the model saw"). */
  'runs.inspect': () => z.object({ runId: id }),
  /** A file the panel just put in the attachments store: what it is (read now), for its chip. */
  'attachments.read': () =>
    z.object({
      id,
      conversationId: id.optional(),
      model: z.object({ providerId: id, modelId: z.string().trim().min(1).max(200) }).optional(),
      /** A locked PDF's password, typed on its chip: passed to the reader in this message only, never stored. */
      password: z.string().min(1).max(1000).optional(),
    }),
  /** "Keep in my documents" on a sent file's chip, or taking it out again (keep-attachment.ts). */
  'attachments.keep': () => z.object({ id, keep: z.boolean() }),
  /** The reader page showing a cited row range fetches the spreadsheet's address again (fetch-sheet-for-view.ts). */
  'sheets.fetch': () => z.object({ url: z.string().min(1).max(4_000) }),
  /** Before a link in an answer opens: does its address carry text the conversation read elsewhere? */
  'links.checkEgress': () => z.object({ conversationId: id, url: z.string().min(1).max(16_000) }),
  /** Puts back the values a fill_form call wrote (the panel's Undo on its tool card). */
  'page.undoFill': () => z.object({ runId: id, toolCallId: id }),
  'skills.list': () => z.object({}),
  /** A skill the user writes: a playbook the model can load by name (only name and description sit in the prompt). */
  'skills.save': () =>
    z.object({
      name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, say('bg_skill_name_rule')),
      description: z.string().trim().min(1, say('bg_skill_describe')).max(300),
      body: z.string().trim().min(1, say('bg_skill_write')).max(20_000),
    }),
  'skills.delete': () => z.object({ name: z.string().min(1).max(64) }),
  'tasks.list': () => z.object({}),
  /** A task from "Save as task" or Settings → Tasks; `id` absent: a new one. */
  'tasks.save': () => taskFieldsSchema.extend({ id: id.optional() }),
  'tasks.delete': () => z.object({ id }),
  /** Before a task runs: its start page (read from the store, checked again) opens in a new tab. */
  'tasks.openStartPage': () => z.object({ id }),
  /** Records what the user does in this tab (the panel's page), until Stop. */
  'recording.start': () => z.object({ tabId: z.number().int().nonnegative() }),
  'recording.state': () => z.object({}),
  'recording.stop': () => z.object({}),
  'evals.list': () => z.object({}),
  /** "Compare models": a saved task (by id), the models to run it on in turn, its placeholders' values. */
  'evals.start': () =>
    z.object({
      taskId: id,
      models: z
        .array(taskModelSchema)
        .min(MIN_COMPARED_MODELS, say('eval_pick_two'))
        .max(MAX_COMPARED_MODELS, { error: () => t('eval_pick_at_most', formatInteger(MAX_COMPARED_MODELS)) }),
      values: z.record(z.string().max(200), z.string().max(20_000)).default({}),
    }),
  /** Stop: the run under way is stopped, the models not reached yet are not run. */
  'evals.stop': () => z.object({ id }),
  'evals.delete': () => z.object({ id }),
  'schedules.runs': () => z.object({}),
  /** Rolling p50/p95/p99 per model and tool, and the prompt-cache hit rate. */
  'telemetry.stats': () => z.object({}),
  /** History-search traces: timings, hits and the share that found nothing (query hashes, never text). */
  'telemetry.searches': () => z.object({}),
  'memories.list': () => z.object({}),
  'memories.delete': () => z.object({ id }),
  /** Settings → Permissions: the "always allow" grants and the sites denied in runs, and taking one back. */
  'permissions.list': () => z.object({}),
  'permissions.revoke': () => z.object({ site: z.string().min(1).max(2000), toolName: z.string().min(1).max(200) }),
  'permissions.removeDenied': () => z.object({ runId: id, toolCallId: id }),
  'conversations.list': () => z.object({}),
  'conversations.get': () => z.object({ id }),
  'conversations.delete': () => z.object({ id }),
  /** The history list's search (titles and message text), rename, and delete with undo. */
  'conversations.search': () => z.object({ query: z.string().max(500) }),
  'conversations.rename': () => z.object({ id, title: z.string().trim().min(1, say('bg_rename_empty')).max(200) }),
  'conversations.trash': () => z.object({ id }),
  'conversations.restore': () => z.object({ id }),
  /** The panel's model switcher: every provider's models, and the model one conversation answers with (null: the default). */
  'models.list': () => z.object({}),
  'conversations.setModel': () => z.object({ id, model: conversationModelSchema.nullable() }),
  /** A conversation's own fallback models, in order (null: the list in Settings applies again). */
  'conversations.setFallbacks': () => z.object({ id, models: fallbackModelsSchema.nullable() }),
  'panel.open': () => z.object({}),
  /** Deletes conversations, run journals, memories, site approvals and telemetry; providers, keys and settings stay. */
  'data.deleteAll': () => z.object({}),
  /** "Export everything": conversations, memories, skills and settings as one file (never keys). */
  'data.export': () => z.object({}),
  /** "Import": an export file's text, parsed and checked in the worker; merged without duplicates. */
  'data.import': () => z.object({ text: z.string().max(64 * 1024 * 1024, say('bg_import_too_large')) }),
  /** "Remember what I read": settings, stats, the index browser, deletion, deletion and search. */
  'index.settings.get': () => z.object({}),
  'index.settings.update': () => indexSettingsPatchSchema,
  'index.stats': () => z.object({}),
  /** Drains the queue now (after a failed model download, say) rather than at the next retry alarm. */
  'index.retry': () => z.object({}),
  'index.pages': () => pagesQuerySchema,
  'index.delete': () => deleteTargetSchema,
  'index.search': () => historyQuerySchema,
  /** Settings → Documents: index the folder's documents now, stop that, its last report, forget them. */
  'folder.index': () => z.object({}),
  'folder.stopIndex': () => z.object({}),
  'folder.report': () => z.object({}),
  /** Takes the folder's documents out of the index; without `keepFolder`, forgets the folder too. */
  'folder.forget': () => z.object({ keepFolder: z.boolean().optional() }),
  /** The viewer page: one file's text, by its path in the folder (checked there like a tool's path). */
  'folder.read': () => z.object({ path: z.string().min(1).max(4096) }),
  /** Settings → Tools: MCP servers (headers and tokens go in, never out), their tools' switches and policies. */
  'mcp.list': () => z.object({}),
  'mcp.save': () => mcpServerInputSchema,
  'mcp.refresh': () => z.object({ id }),
  'mcp.delete': () => z.object({ id }),
  'mcp.setTool': () => mcpToolSettingSchema,
  /** The composer's "Attach": the servers' listed resources, and one resource's text as an untrusted block. */
  'mcp.resources': () => z.object({}),
  'mcp.readResource': () => z.object({ serverId: id, uri: z.string().min(1).max(2000) }),
  /** Settings → Web search: the backend web_search uses (the key is write-only: the view says only whether one is saved). */
  'webSearch.get': () => z.object({}),
  'webSearch.save': () => webSearchInputSchema,
  /** "Test connection": one search with the form's values (without a typed key, the saved one; the key never comes back). */
  'webSearch.test': () => webSearchInputSchema,
  /** Settings → Team: the server's address (checked in the store), the access token (write-only), sign out, remove. */
  'team.get': () => z.object({}),
  'team.setUrl': () => z.object({ url: z.string().trim().min(1).max(2000) }),
  'team.signIn': () => z.object({ token: z.string().trim().min(1).max(500) }),
  /** An invitation's token (its shape is checked by the handler, which says what is wrong with it). */
  'team.join': () => z.object({ invitation: z.string().trim().min(1).max(500) }),
  'team.signInOrganisation': () => z.object({}),
  'team.signOut': () => z.object({}),
  'team.remove': () => z.object({}),
  /** "Share to team": the page in front (its tab), a file attached in the conversation, or an answer's passages. */
  'team.sharePreview': () =>
    z.discriminatedUnion('source', [
      z.object({ source: z.literal('tab'), tabId: z.number().int().nonnegative() }),
      z.object({ source: z.literal('attachment'), conversationId: id, attachmentId: id }),
      z.object({ source: z.literal('answer'), conversationId: id, messageId: id }),
    ]),
  /** The body the preview showed (checked again in the handler against its schema and the scrubber). */
  'team.share': () => z.object({ source: z.enum(SHARE_SOURCES), body: z.unknown(), conversationId: id.optional() }),
  'team.shareStatus': () => z.object({ documentId: id }),
  /** Settings → Team's people of one of your teams; an admin's invitation by email; an admin's removal. */
  'team.people': () => z.strictObject({ teamId: z.uuid() }),
  'team.invite': () => z.strictObject({ teamId: z.uuid(), email: z.email().max(320) }),
  'team.removeMember': () => z.strictObject({ teamId: z.uuid(), userId: z.uuid() }),
  /** A team citation: the document, and the passage and chunk of it (parsed from the viewer address first). */
  'team.openView': () =>
    z.strictObject({
      documentId: z.uuid(),
      passage: z.number().int().min(0).max(100_000).optional(),
      position: z.number().int().min(0).max(10_000_000).optional(),
    }),
  /** Settings → Team's live line: listen from `after` for up to `waitMs` (0: count now). */
  'team.knowledge': () =>
    z.strictObject({
      after: z
        .string()
        .regex(/^[\w.:-]{1,100}$/)
        .optional(),
      waitMs: z.number().int().min(0).max(25_000),
    }),
  /** Settings → Activity: search (words that must all appear), export what it matches, and the days kept. */
  'activity.list': () =>
    z.object({ text: z.string().max(500).optional(), limit: z.number().int().min(1).max(5000).optional() }),
  'activity.export': () => z.object({ format: z.enum(['csv', 'json']), text: z.string().max(500).optional() }),
  'activity.setRetention': () =>
    z.object({
      days: z
        .number()
        .int(say('activity_retention_whole'))
        .min(RETENTION_DAYS.min, { error: () => t('activity_retention_min', formatInteger(RETENTION_DAYS.min)) })
        .max(RETENTION_DAYS.max, { error: () => t('activity_retention_max', formatInteger(RETENTION_DAYS.max)) }),
    }),
});
