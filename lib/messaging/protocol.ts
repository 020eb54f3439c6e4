/**
 * The one protocol between the extension's pages and the background (after webext-core's ProtocolMap).
 * Each request is validated with its zod schema on arrival; replies travel in a `{res} | {err}` envelope so
 * errors survive the trip.
 */
import { z } from 'zod';
import type { ConversationRecord, MessageRecord, ProviderView } from '../storage/records';
import type { Settings } from '../storage/settings-store';
import type { LatencyStats } from '../agent/compute-latency-stats';
import { indexSettingsPatchSchema, type IndexSettings } from '../retrieval/index-settings';
import { deleteTargetSchema, pagesQuerySchema } from '../retrieval/offscreen-protocol';
import { historyQuerySchema } from '../retrieval/history-query';
import type { HistoryPassage } from '../retrieval/history-passage';
import type { IngestStats } from '../retrieval/ingest-stats';
import type { PageSummary } from '../retrieval/page-summary';

const id = z.string().min(1).max(200);
const providerKind = z.enum(['openai', 'anthropic', 'openai-compatible']);
const baseUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

export const providerInputSchema = z.object({
  id: id.optional(),
  kind: providerKind,
  name: z.string().trim().min(1, 'Give the provider a name').max(100),
  baseUrl,
  model: z.string().trim().min(1, 'Choose a model').max(200),
  apiKey: z.string().max(1000).optional(),
});

export const requestSchemas = {
  'providers.list': z.object({}),
  'providers.save': providerInputSchema,
  'providers.delete': z.object({ id }),
  /** Lists the endpoint's models: a saved provider by id, or a draft from the form (its key if typed, else the saved one). */
  'providers.test': z.object({ id: id.optional(), kind: providerKind, baseUrl, apiKey: z.string().max(1000).optional() }),
  'settings.get': z.object({}),
  'settings.update': z.object({
    defaultProviderId: id.optional(),
    maxSteps: z.number().int().min(1, 'At least 1 step').max(50, 'At most 50 steps').optional(),
    customInstructions: z.string().max(20_000).optional(),
    reasoning: z.enum(['off', 'low', 'medium', 'high']).optional(),
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
  'memories.list': z.object({}),
  'memories.delete': z.object({ id }),
  'conversations.list': z.object({}),
  'conversations.get': z.object({ id }),
  'conversations.delete': z.object({ id }),
  'panel.open': z.object({}),
  /** "Remember what I read": settings, stats, the index browser, deletion and search. */
  'index.settings.get': z.object({}),
  'index.settings.update': indexSettingsPatchSchema,
  'index.stats': z.object({}),
  /** Drains the queue now (after a failed model download, say) rather than at the next retry alarm. */
  'index.retry': z.object({}),
  'index.pages': pagesQuerySchema,
  'index.delete': deleteTargetSchema,
  'index.search': historyQuerySchema,
} as const;

export interface ProtocolResponses {
  'providers.list': ProviderView[];
  'providers.save': ProviderView;
  'providers.delete': void;
  'providers.test': { models: string[] };
  'settings.get': Settings;
  'settings.update': Settings;
  'conversations.list': ConversationRecord[];
  'conversations.get': { conversation: ConversationRecord; messages: MessageRecord[] };
  'conversations.delete': void;
  'panel.open': void;
  'runs.inspect': RunInspection;
  'page.undoFill': { restored: number; failed: { key: string; reason: string }[] };
  'skills.list': SkillView[];
  'skills.save': SkillView[];
  'skills.delete': SkillView[];
  'telemetry.stats': LatencyStats;
  'memories.list': MemoryView[];
  'memories.delete': void;
  'index.settings.get': IndexSettings;
  'index.settings.update': IndexSettings;
  'index.stats': IngestStats;
  'index.retry': { queueDepth: number };
  'index.pages': { total: number; pages: PageSummary[] };
  'index.delete': { chunks: number; urls: string[] };
  'index.search': HistoryPassage[];
}

/** The history index's state for the settings page: the engine's, plus the background's queue and counters. */
export type { IngestStats as IndexStats } from '../retrieval/ingest-stats';

export interface RunInspection {
  runId: string;
  steps: { index: number; system: string; messages: unknown[]; tools: unknown[]; finishReason?: string; usage?: unknown }[];
}

export interface SkillView { name: string; description: string; body: string; source: 'bundled' | 'user' }

export interface MemoryView { id: string; text: string; tags?: string[]; createdAt: number }

export type RequestName = keyof typeof requestSchemas;
export type RequestOf<K extends RequestName> = z.input<(typeof requestSchemas)[K]>;
export type ParsedRequestOf<K extends RequestName> = z.output<(typeof requestSchemas)[K]>;
export type ResponseOf<K extends RequestName> = ProtocolResponses[K];

export interface WireError { code: string; message: string; status?: number }
export type Envelope<T> = { res: T } | { err: WireError };

/** What travels over chrome.runtime.sendMessage. */
export const wireRequestSchema = z.object({ tabwise: z.literal(1), name: z.string(), data: z.unknown() });
