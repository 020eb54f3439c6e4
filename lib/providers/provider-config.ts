/**
 * What a provider instance is: its kind, endpoint, model and name. The one declaration of these shapes: the
 * stored record (provider-record.ts), the options form, the protocol's validation and the adapters all use it.
 */
import { z } from 'zod';

/**
 * Which SDK talks to the endpoint: OpenAI's, Anthropic's, OpenAI's against another server, OpenAI's Azure
 * client (deployment paths, `api-version`, `api-key` header), or Chrome's built-in model (no SDK, no key).
 */
export const providerKindSchema = z.enum(['openai', 'anthropic', 'openai-compatible', 'azure-openai', 'chrome-builtin']);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/** True for hosts that are this computer: localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export const PLAIN_HTTP_RULE = 'Plain http is allowed only for this computer (localhost, 127.x.x.x, [::1]); use https for any other host.';

/**
 * Empty means the vendor's own endpoint. A key sent over plain http can be read by anyone on the network
 * path, so http is for local servers only.
 */
export const providerBaseUrlSchema = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Enter a full http(s) URL, e.g. https://api.example.com/v1' })
    .refine((url) => !url.toLowerCase().startsWith('http:') || isLoopbackHost(new URL(url).hostname), PLAIN_HTTP_RULE),
], { error: (issue) => issue.errors.flat().find((e) => e.message === PLAIN_HTTP_RULE)?.message ?? 'Enter a full http(s) URL, e.g. https://api.example.com/v1' });

/** Where a provider's key goes: its kind and the origin of its base URL ('' for the vendor's own endpoint). */
export function providerEndpoint(config: { kind: ProviderKind; baseUrl: string }): string {
  return `${config.kind} ${config.baseUrl ? new URL(config.baseUrl).origin : ''}`;
}

/** The api-version Azure OpenAI gets when none was saved (a GA version with chat completions and tools). */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** Azure's api-version values are dates with an optional suffix (2024-10-21, 2025-04-01-preview). */
export const apiVersionSchema = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}(-[a-z]+)?$/, 'API version looks like 2024-10-21');

export const providerConfigSchema = z.object({
  kind: providerKindSchema,
  name: z.string().trim().min(1, 'Give the provider a name').max(100),
  baseUrl: providerBaseUrlSchema,
  model: z.string().trim().min(1, 'Choose a model').max(200),
  /** Azure OpenAI only: the `api-version` query parameter (e.g. 2024-10-21). */
  apiVersion: apiVersionSchema.optional(),
  /** The model's context window as the endpoint reported it or the user set it; else the catalog's. */
  contextWindowTokens: z.number().int('Use a whole number of tokens').min(1000, 'At least 1,000 tokens').max(10_000_000, 'At most 10,000,000 tokens').optional(),
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
