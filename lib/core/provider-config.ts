/**
 * What a provider instance is: its kind, endpoint, model and name. The one declaration of these shapes: the
 * stored record (provider-record.ts), the options form, the protocol's validation and the adapters all use it.
 */
import { z } from 'zod';
import { t } from '../util/t';
import { formatInteger } from '../util/format-integer';

/**
 * Which SDK talks to the endpoint: OpenAI's, Anthropic's, OpenAI's against another server, OpenAI's Azure
 * client (deployment paths, `api-version`, `api-key` header), or Chrome's built-in model (no SDK, no key).
 */
export const providerKindSchema = z.enum([
  'openai',
  'anthropic',
  'openai-compatible',
  'azure-openai',
  'chrome-builtin',
]);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/** True for hosts that are this computer: localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why a plain-http base URL is refused, in the user's language. */
export const plainHttpRule = () => t('prov_plain_http_rule');

const fullUrlNeeded = () => t('prov_url_invalid');

/** A count of tokens as the user's language writes numbers. */
const tokens = formatInteger;

/**
 * Empty means the vendor's own endpoint. A key sent over plain http can be read by anyone on the network
 * path, so http is for local servers only.
 */
export const providerBaseUrlSchema = z.union(
  [
    z.literal(''),
    z
      .url({ protocol: /^https?$/, error: fullUrlNeeded })
      .refine((url) => !url.toLowerCase().startsWith('http:') || isLoopbackHost(new URL(url).hostname), {
        error: plainHttpRule,
      }),
  ],
  { error: (issue) => issue.errors.flat().find((e) => e.message === plainHttpRule())?.message ?? fullUrlNeeded() },
);

/** Where a provider's key goes: its kind and the origin of its base URL ('' for the vendor's own endpoint). */
export function providerEndpoint(config: { kind: ProviderKind; baseUrl: string }): string {
  return `${config.kind} ${config.baseUrl ? new URL(config.baseUrl).origin : ''}`;
}

/** The api-version Azure OpenAI gets when none was saved (a GA version with chat completions and tools). */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** Azure's api-version values are dates with an optional suffix (2024-10-21, 2025-04-01-preview). */
export const apiVersionSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(-[a-z]+)?$/, { error: () => t('prov_api_version_invalid') });

/** The most a price field takes ($ per million tokens): far above any model's, short of a typo's thousands. */
export const MAX_PRICE_PER_MILLION = 10_000;

/**
 * What the user says a model of a custom server costs, in $ per million tokens (the currency the app shows
 * costs in). Only the user sets it: the app never guesses a price for a server it does not know.
 */
export const userModelPriceSchema = z.object({
  input: z
    .number()
    .min(0, { error: () => t('prov_price_invalid') })
    .max(MAX_PRICE_PER_MILLION, { error: () => t('prov_price_invalid') }),
  output: z
    .number()
    .min(0, { error: () => t('prov_price_invalid') })
    .max(MAX_PRICE_PER_MILLION, { error: () => t('prov_price_invalid') }),
});
export type UserModelPrice = z.infer<typeof userModelPriceSchema>;

export const providerConfigSchema = z.object({
  kind: providerKindSchema,
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('prov_name_required') })
    .max(100),
  baseUrl: providerBaseUrlSchema,
  model: z
    .string()
    .trim()
    .min(1, { error: () => t('prov_model_required') })
    .max(200),
  /** Azure OpenAI only: the `api-version` query parameter (e.g. 2024-10-21). */
  apiVersion: apiVersionSchema.optional(),
  /** The model's context window as the endpoint reported it or the user set it; else the catalog's. */
  contextWindowTokens: z
    .number()
    .int({ error: () => t('prov_tokens_whole') })
    .min(1000, { error: () => t('prov_tokens_min', tokens(1000)) })
    .max(10_000_000, { error: () => t('prov_tokens_max', tokens(10_000_000)) })
    .optional(),
  /** Prices the user set, by model id (a custom server's models only; absent: unknown, so no cost is shown). */
  prices: z
    .record(z.string().trim().min(1).max(200), userModelPriceSchema)
    .refine((r) => Object.keys(r).length <= 500)
    .optional(),
});
/** A provider instance without its identity or key. */
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

const providerKeySchema = z.string().max(1000);

/** What the options page saves: a config, the id of the instance it edits, and the key if one was typed. */
export const providerInputSchema = providerConfigSchema.extend({
  id: z.string().min(1).max(200).optional(),
  /** undefined keeps the stored key; '' removes it. */
  apiKey: providerKeySchema.optional(),
});
export type ProviderInput = z.infer<typeof providerInputSchema>;

/** "Test connection" on a saved instance (by id) or on the form's draft (its key if typed, else the saved one). */
export const providerTestSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  kind: providerKindSchema,
  baseUrl: providerBaseUrlSchema,
  apiKey: providerKeySchema.optional(),
  apiVersion: apiVersionSchema.optional(),
});
