/**
 * The background's requests from the extension's pages (options, side panel), validated on arrival with
 * these zod schemas. Only the worker imports this file: the pages send through the zod-free contract in
 * protocol.ts.
 */
import { z } from 'zod';
import { RUN_LIMITS } from '../agent/run-settings';
import { providerInputSchema, providerTestSchema } from '../providers/provider-config';
import { indexSettingsPatchSchema } from '../retrieval/index-settings';
import { deleteTargetSchema, pagesQuerySchema } from '../retrieval/offscreen-request-schemas';
import { historyQuerySchema } from '../retrieval/history-query';

const id = z.string().min(1).max(200);

/** A run cap from the settings form: a whole number within the cap's bounds, said in the user's words. */
const limit = ({ min, max }: { min: number; max: number }, what: string) =>
  z.number().int(`Use a whole number of ${what}`).min(min, `At least ${min.toLocaleString('en-US')} ${what}`).max(max, `At most ${max.toLocaleString('en-US')} ${what}`).optional();

export const requestSchemas = {
  'providers.list': z.object({}),
  'providers.save': providerInputSchema,
  'providers.delete': z.object({ id }),
  /** Lists the endpoint's models: a saved provider by id, or a draft from the form (its key if typed, else the saved one). */
  'providers.test': providerTestSchema,
  /** What Chrome reports of its built-in model where runs use it (the worker). */
  'providers.builtinStatus': z.object({}),
  'settings.get': z.object({}),
  'settings.update': z.object({
    defaultProviderId: id.optional(),
    maxSteps: z.number().int().min(1, 'At least 1 step').max(50, 'At most 50 steps').optional(),
    customInstructions: z.string().max(20_000).optional(),
    reasoning: z.enum(['off', 'low', 'medium', 'high']).optional(),
    maxToolCallsPerStep: limit(RUN_LIMITS.maxToolCallsPerStep, 'tool calls per step'),
    maxConcurrentSubAgents: limit(RUN_LIMITS.maxConcurrentSubAgents, 'sub-agents at once'),
    maxRunTokens: limit(RUN_LIMITS.maxRunTokens, 'tokens per run'),
    stallTimeoutMs: z.number().int().min(1_000, 'At least 1 second').max(600_000, 'At most 10 minutes').optional(),
  }),
  /** Exactly what the model was sent at each step of a run ("what the model saw"). */
  'runs.inspect': z.object({ runId: id }),
  /** Puts back the values a fill_form call wrote (the panel's Undo on its tool card). */
  'page.undoFill': z.object({ runId: id, toolCallId: id }),
  'skills.list': z.object({}),
  /** A skill the user writes: a playbook the model can load by name (only name and description sit in the prompt). */
  'skills.save': z.object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Use lower-case letters, digits and dashes (at most 64)'),
    description: z.string().trim().min(1, 'Describe when to use it').max(300),
    body: z.string().trim().min(1, 'Write the instructions').max(20_000),
  }),
  'skills.delete': z.object({ name: z.string().min(1).max(64) }),
  /** Rolling p50/p95/p99 per model and tool, and the prompt-cache hit rate. */
  'telemetry.stats': z.object({}),
  /** History-search traces: timings, hits and the share that found nothing (query hashes, never text). */
  'telemetry.searches': z.object({}),
  'memories.list': z.object({}),
  'memories.delete': z.object({ id }),
  'conversations.list': z.object({}),
  'conversations.get': z.object({ id }),
  'conversations.delete': z.object({ id }),
  /** The history list's search (titles and message text), rename, and delete with undo. */
  'conversations.search': z.object({ query: z.string().max(500) }),
  'conversations.rename': z.object({ id, title: z.string().trim().min(1, 'Give it a name').max(200) }),
  'conversations.trash': z.object({ id }),
  'conversations.restore': z.object({ id }),
  /** The panel's model switcher: every provider's models, and the model one conversation answers with (null: the default). */
  'models.list': z.object({}),
  'conversations.setModel': z.object({ id, model: z.object({ providerId: id, modelId: z.string().trim().min(1).max(200) }).nullable() }),
  'panel.open': z.object({}),
  /** Deletes conversations, run journals, memories, site approvals and telemetry; providers, keys and settings stay. */
  'data.deleteAll': z.object({}),
  /** "Export everything": conversations, memories, skills and settings as one file (never keys). */
  'data.export': z.object({}),
  /** "Import": an export file's text, parsed and checked in the worker; merged without duplicates. */
  'data.import': z.object({ text: z.string().max(64 * 1024 * 1024, 'The file is too large to be a Tabwise export.') }),
  /** "Remember what I read": settings, stats, the index browser, deletion, deletion and search. */
  'index.settings.get': z.object({}),
  'index.settings.update': indexSettingsPatchSchema,
  'index.stats': z.object({}),
  /** Drains the queue now (after a failed model download, say) rather than at the next retry alarm. */
  'index.retry': z.object({}),
  'index.pages': pagesQuerySchema,
  'index.delete': deleteTargetSchema,
  'index.search': historyQuerySchema,
} as const;
