/** A team's people: members (any member lists them; admins change roles and remove), invitations, redeeming one. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { hashAccessToken } from '../auth/access-token';
import { resolveCaller } from '../auth/resolve-caller';
import { withCaller, withOwner } from '../db/with-caller';
import { issueAccessToken } from '../people/operator-tasks';
import {
  createInvitation,
  listInvitations,
  listMembers,
  redeemInvitation,
  removeMember,
  revokeInvitation,
  setMemberRole,
} from '../people/team-people';
import { apiError } from './api-error';
import {
  CreatedInvitationSchema,
  ErrorSchema,
  InvitationParamSchema,
  InvitationSchema,
  MemberParamSchema,
  MemberSchema,
  NewInvitationSchema,
  RedeemedSchema,
  RedeemSchema,
  RoleChangeSchema,
  TeamParamSchema,
} from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const security = [{ bearer: [] }];
const errors = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'No valid token'),
  403: json(ErrorSchema, 'Not an admin of this team'),
} as const;
const notFound = json(ErrorSchema, 'Not found');

const members = createRoute({
  method: 'get',
  path: '/v1/teams/{teamId}/members',
  security,
  summary: "The team's people (any member)",
  request: { params: TeamParamSchema },
  responses: { ...errors, 200: json(MemberSchema.array(), 'By email'), 404: notFound },
});
const changeRole = createRoute({
  method: 'patch',
  path: '/v1/teams/{teamId}/members/{userId}',
  security,
  summary: "Change a member's role (admins)",
  request: {
    params: MemberParamSchema,
    body: { content: { 'application/json': { schema: RoleChangeSchema } }, required: true },
  },
  responses: { ...errors, 204: { description: 'Changed' }, 409: json(ErrorSchema, 'The last admin'), 404: notFound },
});
const remove = createRoute({
  method: 'delete',
  path: '/v1/teams/{teamId}/members/{userId}',
  security,
  summary: 'Remove a member (admins); from their last team, their tokens are revoked at once',
  request: { params: MemberParamSchema },
  responses: { ...errors, 204: { description: 'Removed' }, 409: json(ErrorSchema, 'The last admin'), 404: notFound },
});
const invite = createRoute({
  method: 'post',
  path: '/v1/teams/{teamId}/invitations',
  security,
  summary: 'Invite someone by email (admins); the token is shown once, single use, expiring',
  request: {
    params: TeamParamSchema,
    body: { content: { 'application/json': { schema: NewInvitationSchema } }, required: true },
  },
  responses: { ...errors, 201: json(CreatedInvitationSchema, 'The invitation'), 404: notFound },
});
const invitations = createRoute({
  method: 'get',
  path: '/v1/teams/{teamId}/invitations',
  security,
  summary: 'Pending invitations (admins)',
  request: { params: TeamParamSchema },
  responses: { ...errors, 200: json(InvitationSchema.array(), 'Newest first'), 404: notFound },
});
const uninvite = createRoute({
  method: 'delete',
  path: '/v1/teams/{teamId}/invitations/{id}',
  security,
  summary: 'Revoke a pending invitation (admins)',
  request: { params: InvitationParamSchema },
  responses: { ...errors, 204: { description: 'Revoked' }, 404: notFound },
});
const redeem = createRoute({
  method: 'post',
  path: '/invitations/redeem',
  summary:
    'Redeem an invitation: a new person needs no token and gets a first one; someone who exists must be signed in as themselves',
  request: { body: { content: { 'application/json': { schema: RedeemSchema } }, required: true } },
  responses: {
    ...errors,
    200: json(RedeemedSchema, 'Now a member'),
    401: json(ErrorSchema, 'A token was given and is not valid'),
    404: notFound,
  },
});

export function addPeopleRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  app.openapi(members, async (c) => {
    const list = await withCaller(pool, c.get('caller'), (tx) => listMembers(tx, c.req.valid('param').teamId));
    return list ? c.json(list, 200) : apiError(c, 404, 'not_found', 'no such team');
  });
  app.openapi(changeRole, async (c) => {
    const { teamId, userId } = c.req.valid('param');
    const done = await withCaller(pool, c.get('caller'), (tx) =>
      setMemberRole(tx, teamId, userId, c.req.valid('json').role),
    );
    return done ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such member');
  });
  app.openapi(remove, async (c) => {
    const { teamId, userId } = c.req.valid('param');
    const done = await withCaller(pool, c.get('caller'), (tx) => removeMember(tx, teamId, userId));
    return done ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such member');
  });
  app.openapi(invite, async (c) => {
    const { teamId } = c.req.valid('param');
    const made = await withCaller(pool, c.get('caller'), (tx) => createInvitation(tx, teamId, c.req.valid('json')));
    return c.json(made, 201);
  });
  app.openapi(invitations, async (c) => {
    const list = await withCaller(pool, c.get('caller'), (tx) => listInvitations(tx, c.req.valid('param').teamId));
    return c.json(list, 200);
  });
  app.openapi(uninvite, async (c) => {
    const { teamId, id } = c.req.valid('param');
    const done = await withCaller(pool, c.get('caller'), (tx) => revokeInvitation(tx, teamId, id));
    return done ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such pending invitation');
  });
  app.openapi(redeem, async (c) => {
    const { token, displayName } = c.req.valid('json');
    const hash = hashAccessToken(token);
    const authorization = c.req.header('authorization');
    if (authorization) {
      // Someone who exists accepts as themselves: the database refuses an invitation addressed to anyone else.
      const resolved = await resolveCaller(pool, authorization, ctx.oidc, ctx.log);
      if ('failure' in resolved) return apiError(c, 401, 'unauthorized', `no valid token (${resolved.failure})`);
      const done = await withCaller(pool, resolved.caller, (tx) => redeemInvitation(tx, hash, displayName));
      return c.json({ userId: done.userId, teamId: done.teamId, role: done.role }, 200);
    }
    // A new person: no caller; the database creates them only if nobody has the invited email yet.
    const done = await withOwner(pool, async (tx) => {
      await tx.query(`SELECT set_config('tabwise.user_id', '', true)`);
      const redeemed = await redeemInvitation(tx, hash, displayName);
      const first = redeemed.created ? await issueAccessToken(tx, redeemed.userId, 'invitation') : undefined;
      return { ...redeemed, token: first?.token };
    });
    return c.json(
      { userId: done.userId, teamId: done.teamId, role: done.role, ...(done.token ? { token: done.token } : {}) },
      200,
    );
  });
}
