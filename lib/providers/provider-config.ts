/**
 * What a provider instance is: its kind, endpoint, model and name. The one declaration of these shapes: the
 * stored record (provider-record.ts), the options form, the protocol's validation and the adapters all use it.
 */
import { z } from 'zod';

/** Which SDK talks to the endpoint: OpenAI's, Anthropic's, or OpenAI's against another server. */
export const providerKindSchema = z.enum(['openai', 'anthropic', 'openai-compatible']);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/** Empty means the vendor's own endpoint. */
export const providerBaseUrlSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

export const providerConfigSchema = z.object({
  kind: providerKindSchema,
  name: z.string().trim().min(1, 'Give the provider a name').max(100),
  baseUrl: providerBaseUrlSchema,
  model: z.string().trim().min(1, 'Choose a model').max(200),
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
});
