/** The shapes of the team-provider routes (issue 27): zod schemas that validate the input and describe the API. */
import { z } from '@hono/zod-openapi';
import { TeamParamSchema } from './schemas';

const Id = z.uuid();
const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** https, or http to this machine only (a key sent over plain http can be read on the way). */
const BaseUrl = z
  .string()
  .max(2000)
  .refine((raw) => {
    if (raw === '') return true;
    try {
      const url = new URL(raw);
      if (url.username || url.password || url.search || url.hash) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
    } catch {
      return false;
    }
  }, 'an https:// address (http:// only for this machine), without credentials, query or fragment');

const ModelId = z.string().trim().min(1).max(200);
const Price = z.object({
  input: z.number().min(0).max(1_000_000),
  output: z.number().min(0).max(1_000_000),
  cachedInput: z.number().min(0).max(1_000_000).optional(),
});
const Kind = z.enum(['openai', 'anthropic', 'openai-compatible']);
const Mode = z.enum(['team-only', 'team-and-own']);

export const NewProviderSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    kind: Kind,
    baseUrl: BaseUrl.default(''),
    models: z.array(ModelId).min(1).max(200),
    prices: z.record(ModelId, Price).optional(),
    apiKey: z.string().min(1).max(1000),
  })
  .refine((p) => p.kind !== 'openai-compatible' || p.baseUrl !== '', {
    path: ['baseUrl'],
    message: 'an OpenAI-compatible provider needs its base URL',
  })
  .openapi('NewTeamProvider');

export const ProviderSchema = z
  .object({
    id: Id,
    teamId: Id,
    name: z.string(),
    kind: Kind,
    baseUrl: z.string(),
    models: z.array(z.string()),
    prices: z.record(z.string(), Price),
    createdAt: z.string(),
  })
  .openapi('TeamProvider');

export const MyProvidersSchema = z
  .array(z.object({ teamId: Id, teamName: z.string(), mode: Mode, providers: z.array(ProviderSchema) }))
  .openapi('MyTeamProviders');

export const ModeSchema = z.object({ mode: Mode }).openapi('ProviderMode');
export const BudgetSchema = z.object({ monthlyLimit: z.number().min(0).max(1e12).nullable() }).openapi('MemberBudget');

export const TeamUsageSchema = z
  .array(
    z.object({
      userId: Id,
      email: z.string(),
      requests: z.number(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      cost: z.number(),
      monthlyBudget: z.number().nullable(),
    }),
  )
  .openapi('TeamUsage');

export const MyUsageSchema = z
  .array(z.object({ teamId: Id, requests: z.number(), cost: z.number(), monthlyBudget: z.number().nullable() }))
  .openapi('MyUsage');

export const ProviderParamSchema = TeamParamSchema.extend({ id: Id.openapi({ param: { name: 'id', in: 'path' } }) });
export const BudgetParamSchema = TeamParamSchema.extend({
  userId: Id.openapi({ param: { name: 'userId', in: 'path' } }),
});
