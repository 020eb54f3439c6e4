/**
 * Team providers (issue 27): admins add and remove a provider with the team's key (sealed, never returned), set
 * the team's mode and members' monthly budgets, and read the team's usage; members list their teams' providers
 * and read their own usage. Row-level security decides every read and write underneath the API's own checks.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { withCaller } from '../db/with-caller';
import { readMyUsage, readTeamUsage } from '../providers/provider-usage';
import {
  addTeamProvider,
  deleteTeamProvider,
  listMyTeamProviders,
  setMemberBudget,
  setProviderMode,
} from '../providers/team-provider-queries';
import { apiError } from './api-error';
import {
  BudgetParamSchema,
  BudgetSchema,
  ModeSchema,
  MyProvidersSchema,
  MyUsageSchema,
  NewProviderSchema,
  ProviderParamSchema,
  ProviderSchema,
  TeamUsageSchema,
} from './provider-schemas';
import { ErrorSchema, TeamParamSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const body = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const security = [{ bearer: [] }];
const errors = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'No valid token'),
  403: json(ErrorSchema, 'Not an admin of this team'),
} as const;
const notFound = json(ErrorSchema, 'Not found');

const mine = createRoute({
  method: 'get',
  path: '/v1/me/providers',
  security,
  summary: "Your teams' providers and modes (never a key)",
  responses: { ...errors, 200: json(MyProvidersSchema, 'By team') },
});
const add = createRoute({
  method: 'post',
  path: '/v1/teams/{teamId}/providers',
  security,
  summary: "Add a provider with the team's key (admins); the key is sealed and never returned",
  request: { params: TeamParamSchema, body: body(NewProviderSchema) },
  responses: {
    ...errors,
    201: json(ProviderSchema, 'Added'),
    409: json(ErrorSchema, 'A provider of this name exists'),
    503: json(ErrorSchema, 'No TEAM_SERVER_SECRET'),
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/v1/teams/{teamId}/providers/{id}',
  security,
  summary: 'Remove a provider (admins)',
  request: { params: ProviderParamSchema },
  responses: { ...errors, 204: { description: 'Removed' }, 404: notFound },
});
const mode = createRoute({
  method: 'put',
  path: '/v1/teams/{teamId}/provider-mode',
  security,
  summary: "The team's mode (admins): team-only, or the team's provider and members' own keys",
  request: { params: TeamParamSchema, body: body(ModeSchema) },
  responses: { ...errors, 204: { description: 'Set' } },
});
const budget = createRoute({
  method: 'put',
  path: '/v1/teams/{teamId}/budgets/{userId}',
  security,
  summary: "A member's monthly budget in cost units (admins); null lifts it",
  request: { params: BudgetParamSchema, body: body(BudgetSchema) },
  responses: { ...errors, 204: { description: 'Set' }, 404: notFound },
});
const teamUsage = createRoute({
  method: 'get',
  path: '/v1/teams/{teamId}/usage',
  security,
  summary: "The team's usage this month, per member (admins)",
  request: { params: TeamParamSchema },
  responses: { ...errors, 200: json(TeamUsageSchema, 'By email') },
});
const myUsage = createRoute({
  method: 'get',
  path: '/v1/me/usage',
  security,
  summary: 'Your own usage of team providers this month',
  responses: { ...errors, 200: json(MyUsageSchema, 'By team') },
});

export function addProviderRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  app.openapi(mine, async (c) => c.json(await withCaller(pool, c.get('caller'), listMyTeamProviders), 200));
  app.openapi(add, async (c) => {
    const sealer = ctx.keySealer;
    if (!sealer) return apiError(c, 503, 'unavailable', 'team providers need TEAM_SERVER_SECRET on the server');
    const { teamId } = c.req.valid('param');
    try {
      const made = await withCaller(pool, c.get('caller'), (tx) =>
        addTeamProvider(tx, sealer, teamId, c.req.valid('json')),
      );
      return c.json(made, 201);
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        return apiError(c, 409, 'conflict', 'the team has a provider of this name');
      throw error;
    }
  });
  app.openapi(remove, async (c) => {
    const { teamId, id } = c.req.valid('param');
    const done = await withCaller(pool, c.get('caller'), (tx) => deleteTeamProvider(tx, teamId, id));
    return done ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such provider');
  });
  app.openapi(mode, async (c) => {
    const { teamId } = c.req.valid('param');
    await withCaller(pool, c.get('caller'), (tx) => setProviderMode(tx, teamId, c.req.valid('json').mode));
    return c.body(null, 204);
  });
  app.openapi(budget, async (c) => {
    const { teamId, userId } = c.req.valid('param');
    const done = await withCaller(pool, c.get('caller'), (tx) =>
      setMemberBudget(tx, teamId, userId, c.req.valid('json').monthlyLimit),
    );
    return done ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such member');
  });
  app.openapi(teamUsage, async (c) => {
    const { teamId } = c.req.valid('param');
    return c.json(await withCaller(pool, c.get('caller'), (tx) => readTeamUsage(tx, teamId)), 200);
  });
  app.openapi(myUsage, async (c) => c.json(await withCaller(pool, c.get('caller'), readMyUsage), 200));
}
