/**
 * The user's settings for "Remember what I read": opt-in, privacy lists, timing, retention, grounding and
 * the embedding model. One zod schema is the validator for the options page's updates and the stored shape.
 */
import { z } from 'zod';
import { compileUrlPattern, DEFAULT_PRIVACY_SETTINGS, type ForcedPrivacy } from './privacy-policy';
import { parseSiteEntry } from './site-entry';

/** Domains as the policy matches them: normalised (scheme, "*.", port, trailing dot, IDN), anything else refused. */
const domainList = z
  .array(
    z
      .string()
      .max(300)
      .transform((raw, ctx) => {
        const entry = parseSiteEntry(raw);
        if ('domain' in entry) return entry.domain;
        ctx.addIssue({
          code: 'custom',
          message: `"${raw.trim()}" is not a domain name${'reason' in entry ? ` (${entry.reason})` : ''}`,
        });
        return z.NEVER;
      }),
  )
  .max(500)
  .transform((domains) => [...new Set(domains)]);
const compiles = (pattern: string) => {
  try {
    compileUrlPattern(pattern);
    return true;
  } catch {
    return false;
  }
};
const patternList = z
  .array(
    z.string().trim().min(1).max(500).refine(compiles, { message: 'Not a valid URL pattern or regular expression' }),
  )
  .max(500);

/** Where the embedding model comes from. */
export const embeddingModelSchema = z.object({
  /** Hugging Face hub id, or a folder name under `localModelUrl`. */
  id: z.string().trim().min(1).max(300),
  dtype: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16', 'auto']),
  /** A URL prefix serving `<id>/config.json`, `<id>/onnx/...` (local test models, self-hosting). */
  localModelUrl: z.union([z.literal(''), z.url({ protocol: /^(https?|chrome-extension)$/ })]).optional(),
  /** Whether the Hugging Face hub may be contacted for files not found locally. */
  allowRemote: z.boolean(),
});
export type EmbeddingModelSettings = z.infer<typeof embeddingModelSchema>;

export const indexSettingsSchema = z.object({
  /** Opt-in: nothing is captured until the user turns this on. */
  enabled: z.boolean(),
  paused: z.boolean(),
  mode: z.enum(['denylist', 'allowlist']),
  deniedDomains: domainList,
  deniedPatterns: patternList,
  allowedDomains: domainList,
  allowedPatterns: patternList,
  useDefaultDenylist: z.boolean(),
  /** How long a page must have been visible before it is captured. */
  dwellMs: z.number().int().min(200).max(600_000),
  retentionDays: z.number().int().min(1).max(3650),
  /** Size cap in chunks; the oldest pages are evicted past it. */
  maxChunks: z.number().int().min(100).max(1_000_000),
  /** Captures waiting to be indexed; past it new captures are refused (and counted, visibly). */
  queueLimit: z.number().int().min(1).max(10_000),
  /** off: never inject; prefer: inject and prefer them; only: answer only from them. */
  grounding: z.enum(['off', 'prefer', 'only']),
  /** The documents of the folder picked in Settings → Documents go into the index too (while remembering is on). */
  indexDocuments: z.boolean(),
  model: embeddingModelSchema,
});
/** The stored settings; `forced` is what an organisation's policy adds as they are read (never stored). */
export type IndexSettings = z.infer<typeof indexSettingsSchema> & { forced?: ForcedPrivacy };

/** A partial update from the options page (each list replaces the stored one). */
export const indexSettingsPatchSchema = indexSettingsSchema.partial();
export type IndexSettingsPatch = z.infer<typeof indexSettingsPatchSchema>;

/** The shipped model: a real retrieval model, fetched from the hub on first use and cached by the browser. */
export const DEFAULT_EMBEDDING_MODEL: EmbeddingModelSettings = {
  id: 'Xenova/all-MiniLM-L6-v2',
  dtype: 'q8',
  localModelUrl: '',
  allowRemote: true,
};

export const DEFAULT_INDEX_SETTINGS: IndexSettings = {
  ...DEFAULT_PRIVACY_SETTINGS,
  enabled: false,
  dwellMs: 5_000,
  retentionDays: 90,
  maxChunks: 100_000,
  queueLimit: 200,
  grounding: 'off',
  indexDocuments: false,
  model: DEFAULT_EMBEDDING_MODEL,
};
