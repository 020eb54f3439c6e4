/**
 * The background's requests to the team server: one function per endpoint, the token as a bearer header, only ever
 * to the server's own origin, with a deadline. A reply is the server's word: checked against its schema, and a
 * failure is a `TeamServerFailure` whose `shown` text is in the user's words (never the token, never the reply).
 */
import { z } from 'zod';
import { t } from '../../util/t';
import { isServiceFailure, ServiceFailure } from '../service-failure';
import { teamIdentitySchema, type TeamCredentials, type TeamIdentity } from './team-connection-store';

export type TeamFailureKind = 'unreachable' | 'timeout' | 'refused' | 'rate_limited' | 'http' | 'bad_reply';

/** A failed request to the team server: a ServiceFailure of service 'team', its message the `shown` text. */
export type TeamServerFailure = ServiceFailure<TeamFailureKind>;

/** The team server's failure of `kind`, said as `shown`; `retryAfterS` is the wait the server asked for (429/503). */
export const teamServerFailure = (kind: TeamFailureKind, shown: string, retryAfterS?: number): TeamServerFailure =>
  new ServiceFailure('team', kind, shown, shown, retryAfterS === undefined ? {} : { retryAfterS });

/** Whether `error` is the team server's failure. */
export const isTeamServerFailure = (error: unknown): error is TeamServerFailure =>
  isServiceFailure<TeamFailureKind>(error, 'team');

/** `failure` with the HTTP status the server answered, for a caller that says more of one (a 404, a 403). */
const withStatus = (failure: TeamServerFailure, status: number): TeamServerFailure =>
  new ServiceFailure('team', failure.kind, failure.message, failure.shown, { status });

export interface TeamClientDeps {
  fetch: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8000;
const MAX_REPLY_BYTES = 1024 * 1024;

const retryAfter = (r: Response) => {
  const s = Number(r.headers.get('retry-after'));
  return Number.isFinite(s) && s >= 0 ? s : undefined;
};

/**
 * Asks `path` of the server (with the token, when there is one) and answers its JSON (undefined for a 204), or
 * throws a TeamServerFailure.
 */
export async function request(
  creds: { url: string; token?: string },
  path: string,
  deps: TeamClientDeps,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<unknown> {
  const host = new URL(creds.url).host;
  let response: Response;
  try {
    response = await deps.fetch(new URL(path, creds.url).href, {
      method: init.method ?? 'GET',
      headers: {
        ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      // The server's answer only: never follow a redirect elsewhere with the token.
      redirect: 'error',
      credentials: 'omit',
      signal: AbortSignal.timeout(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw teamServerFailure('timeout', t('team_fail_timeout', host));
    throw teamServerFailure('unreachable', t('team_fail_unreachable', host));
  }
  if (response.status === 401 || response.status === 403)
    throw withStatus(teamServerFailure('refused', t('team_fail_refused', host)), response.status);
  if (response.status === 429 || response.status === 503) {
    const wait = retryAfter(response);
    throw teamServerFailure('rate_limited', t('team_fail_busy', host, wait ?? 60), wait);
  }
  if (!response.ok)
    throw withStatus(teamServerFailure('http', t('team_fail_http', host, response.status)), response.status);
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text.length > MAX_REPLY_BYTES) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    void error; // said below
    throw teamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  }
}

/** Who the token belongs to on the server, and their teams (`GET /v1/me`). */
export async function fetchTeamIdentity(creds: TeamCredentials, deps: TeamClientDeps): Promise<TeamIdentity> {
  const parsed = teamIdentitySchema.safeParse(await request(creds, '/v1/me', deps));
  if (!parsed.success) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(creds.url).host));
  return parsed.data;
}

const authConfigSchema = z.object({ oidc: z.boolean() });
const sessionSchema = z.object({ token: z.string().regex(/^tws_[A-Za-z0-9_-]{43}$/), expiresAt: z.string().max(40) });

const parsed = <T>(schema: z.ZodType<T>, value: unknown, url: string): T => {
  const r = schema.safeParse(value);
  if (!r.success) throw teamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(url).host));
  return r.data;
};

/** How the server lets people sign in (`GET /v1/auth/config`, no token). */
export async function fetchTeamAuthConfig(url: string, deps: TeamClientDeps): Promise<{ oidc: boolean }> {
  return parsed(authConfigSchema, await request({ url }, '/v1/auth/config', deps), url);
}

/** Trades the one-time code of an organisation sign-in, with the PKCE verifier, for a session token. */
export async function exchangeTeamSignInCode(
  url: string,
  exchange: { code: string; codeVerifier: string; redirectUri: string },
  deps: TeamClientDeps,
): Promise<{ token: string; expiresAt: string }> {
  const body = { code: exchange.code, code_verifier: exchange.codeVerifier, redirect_uri: exchange.redirectUri };
  return parsed(sessionSchema, await request({ url }, '/v1/auth/oidc/exchange', deps, { method: 'POST', body }), url);
}

/** An invitation as the server hands it out (`twi_`, shown once to the admin who made it). */
export const INVITATION_SHAPE = /^twi_[A-Za-z0-9_-]{43}$/;

const redeemedSchema = z.object({
  userId: z.string().min(1).max(200),
  teamId: z.string().min(1).max(200),
  role: z.enum(['member', 'admin']),
  /** A first personal access token, when the invitation made the person (signed out, someone new). */
  token: z
    .string()
    .regex(/^twp_[A-Za-z0-9_-]{43}$/)
    .optional(),
});

/**
 * Redeems an invitation (`POST /invitations/redeem`): as the signed-in person when `creds` has a token, or,
 * without one, as someone new, who gets a first personal access token in the answer. The server answers 404 for an
 * invitation used, revoked or expired, and 403 for one addressed to someone else (or to someone who exists and
 * sent no token): the failure carries that status.
 */
export async function redeemTeamInvitation(
  creds: { url: string; token?: string },
  invitation: string,
  deps: TeamClientDeps,
): Promise<z.output<typeof redeemedSchema>> {
  const reply = await request(creds, '/invitations/redeem', deps, { method: 'POST', body: { token: invitation } });
  return parsed(redeemedSchema, reply, creds.url);
}

const memberSchema = z.object({
  userId: z.string().min(1).max(200),
  email: z.string().max(320),
  displayName: z.string().max(200),
  role: z.enum(['member', 'admin']),
});
export type TeamMember = z.output<typeof memberSchema>;

/** A team's people as the server lists them (`GET /v1/teams/{teamId}/members`, any member), by email. */
export async function fetchTeamMembers(
  creds: TeamCredentials,
  teamId: string,
  deps: TeamClientDeps,
): Promise<TeamMember[]> {
  const reply = await request(creds, `/v1/teams/${encodeURIComponent(teamId)}/members`, deps);
  return parsed(memberSchema.array().max(10_000), reply, creds.url);
}

const createdInvitationSchema = z.object({
  email: z.string().max(320),
  role: z.enum(['member', 'admin']),
  expiresAt: z.string().max(40),
  token: z.string().regex(INVITATION_SHAPE),
});
export type CreatedInvitation = z.output<typeof createdInvitationSchema>;

/** Invites `email` to the team (`POST /v1/teams/{teamId}/invitations`, admins): the invitation, shown once. */
export async function createTeamInvitation(
  creds: TeamCredentials,
  teamId: string,
  email: string,
  deps: TeamClientDeps,
): Promise<CreatedInvitation> {
  const reply = await request(creds, `/v1/teams/${encodeURIComponent(teamId)}/invitations`, deps, {
    method: 'POST',
    body: { email },
  });
  return parsed(createdInvitationSchema, reply, creds.url);
}

/** Removes a member from the team (`DELETE /v1/teams/{teamId}/members/{userId}`, admins). */
export async function removeTeamMember(
  creds: TeamCredentials,
  teamId: string,
  userId: string,
  deps: TeamClientDeps,
): Promise<void> {
  await request(creds, `/v1/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, deps, {
    method: 'DELETE',
  });
}

/** Ends the sign-in session `creds` carries, on the server (`DELETE /v1/session`). */
export async function endTeamSession(creds: TeamCredentials, deps: TeamClientDeps): Promise<void> {
  await request(creds, '/v1/session', deps, { method: 'DELETE' });
}

/** A shared document as the server answers it: the part the share card shows (its queue state). */
const sharedDocumentSchema = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(2000),
  status: z.enum(['queued', 'indexing', 'indexed', 'failed']),
  error: z.string().max(2000).nullable(),
  chunkCount: z.number().int().nonnegative(),
});
export type SharedDocument = z.output<typeof sharedDocumentSchema>;

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Uploads a document the user shared (`POST /v1/documents`, idempotent by content hash): the document and whether
 * the server had it already (a 200 duplicate). A busy server (429/503) is a 'rate_limited' failure with its wait.
 */
export async function shareTeamDocument(
  creds: TeamCredentials,
  body: unknown,
  deps: TeamClientDeps,
): Promise<{ document: SharedDocument; duplicate: boolean }> {
  // A body of megabytes over a slow link takes longer than a question does.
  const reply = await request(
    creds,
    '/v1/documents',
    { ...deps, timeoutMs: deps.timeoutMs ?? UPLOAD_TIMEOUT_MS },
    {
      method: 'POST',
      body,
    },
  );
  return parsed(z.object({ document: sharedDocumentSchema, duplicate: z.boolean() }), reply, creds.url);
}

/**
 * Where a shared document is in the server's queue. Asked of the list (`GET /v1/documents`, newest first, metadata
 * only), since the document itself comes with its passages, which may be megabytes; one the list no longer shows
 * is asked for by its id.
 */
export async function fetchTeamDocumentStatus(
  creds: TeamCredentials,
  documentId: string,
  deps: TeamClientDeps,
): Promise<SharedDocument> {
  const listed = parsed(
    z.array(z.unknown()).max(200),
    await request(creds, '/v1/documents?limit=200', deps),
    creds.url,
  );
  const mine = listed.find((d) => (d as { id?: unknown } | null)?.id === documentId);
  if (mine !== undefined) return parsed(sharedDocumentSchema, mine, creds.url);
  const path = `/v1/documents/${encodeURIComponent(documentId)}`;
  return parsed(sharedDocumentSchema, await request(creds, path, deps), creds.url);
}

// ── Team knowledge (issue 26, "In the extension"): search, and the document view a team citation opens. ──

const teamSearchHitSchema = z.object({
  chunkId: z.string().max(100),
  documentId: z.uuid(),
  title: z.string().max(500),
  sourceUrl: z.string().max(4096).nullable(),
  scope: z.enum(['user', 'team', 'platform']),
  teamId: z.uuid().nullable(),
  authorId: z.string().max(200),
  score: z.number(),
  snippet: z.object({ text: z.string().max(20_000) }),
  citation: z.object({
    documentId: z.uuid(),
    position: z.number().int().min(0),
    passage: z.number().int().min(0),
    headingPath: z.array(z.string().max(500)).max(20),
  }),
});
const teamSearchResultSchema = z.object({ results: z.array(teamSearchHitSchema).max(50), miss: z.boolean() });

/** One passage of the team's knowledge, as the server's search answers it. */
export type TeamSearchHit = z.output<typeof teamSearchHitSchema>;

/** What `searchTeamKnowledge` asks: the query and the filters the tool passes on. */
export interface TeamSearchRequest {
  query: string;
  limit: number;
  /** ISO times. */
  from?: string;
  to?: string;
  minScore?: number;
}

/** Hybrid search over everything the token may read (`POST /v1/search`), best first. */
export async function searchTeamKnowledge(
  creds: TeamCredentials,
  request: TeamSearchRequest,
  deps: TeamClientDeps,
): Promise<TeamSearchHit[]> {
  const body = {
    query: request.query,
    limit: request.limit,
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
    ...(request.minScore === undefined ? {} : { minScore: request.minScore }),
  };
  const reply = await request_(creds, '/v1/search', deps, { method: 'POST', body });
  return parsed(teamSearchResultSchema, reply, creds.url).results;
}

const viewLinkSchema = z.object({
  token: z.string().regex(/^twv_[A-Za-z0-9_-]{43}$/),
  expiresAt: z.string().max(40),
});

/** Where a team citation points: the document, and the passage and chunk of it. */
export interface TeamViewTarget {
  documentId: string;
  passage?: number;
  position?: number;
}

/**
 * A five-minute link to the server's document view (`POST /v1/documents/{id}/view-link`). The address is made
 * here, on the server's own origin from its checked token, never taken from the reply.
 */
export async function createTeamViewLink(
  creds: TeamCredentials,
  target: TeamViewTarget,
  deps: TeamClientDeps,
): Promise<string> {
  const body = {
    ...(target.passage === undefined ? {} : { passage: target.passage }),
    ...(target.position === undefined ? {} : { position: target.position }),
  };
  const path = `/v1/documents/${encodeURIComponent(target.documentId)}/view-link`;
  // A 404 is the server's "no such document for you" (deleted, or another team's): said as such.
  let status = 0;
  const seen: typeof fetch = (input, init) =>
    deps.fetch(input, init).then((r) => {
      status = r.status;
      return r;
    });
  const reply = await request_(creds, path, { ...deps, fetch: seen }, { method: 'POST', body }).catch(
    (error: unknown) => {
      if (status === 404 && isTeamServerFailure(error)) throw teamServerFailure('http', t('team_view_not_found'));
      throw error;
    },
  );
  const link = parsed(viewLinkSchema, reply, creds.url);
  const cited = target.passage !== undefined || target.position !== undefined ? '#cited' : '';
  return `${new URL(`/v1/view/${link.token}`, creds.url).href}${cited}`;
}

/** `request`, under a name the functions above can call past their parameter of the same name. */
const request_ = request;

/** What Settings → Team shows of the team's knowledge: the caller's documents on the server by state. */
export interface TeamKnowledgeCounts {
  indexed: number;
  /** Queued or being indexed. */
  waiting: number;
  failed: number;
  /** A count reached the listing's page size: "at least". */
  capped: boolean;
}

const COUNT_PAGE = 200;
const documentStatesSchema = z
  .array(z.object({ status: z.enum(['queued', 'indexing', 'indexed', 'failed']) }))
  .max(COUNT_PAGE);

/** Counts the documents the caller sees in the listing (their own; an admin's, the team's), by state. */
export async function fetchTeamKnowledgeCounts(
  creds: TeamCredentials,
  deps: TeamClientDeps,
): Promise<TeamKnowledgeCounts> {
  const list = async (status: string) =>
    parsed(
      documentStatesSchema,
      await request_(creds, `/v1/documents?status=${status}&limit=${COUNT_PAGE}`, deps),
      creds.url,
    ).length;
  const [indexed, queued, indexing, failed] = await Promise.all(['indexed', 'queued', 'indexing', 'failed'].map(list));
  return {
    indexed: indexed!,
    waiting: queued! + indexing!,
    failed: failed!,
    capped: [indexed, queued, indexing, failed].some((n) => n === COUNT_PAGE),
  };
}

/**
 * Listens to the server's events (`GET /v1/events`, from `after` when given) until one arrives or `waitMs` pass;
 * answers the last event's id (the cursor to listen from next), or `after` when none came. `readEvents` parses the
 * stream (read-server-events.ts).
 */
export async function waitForTeamEvent(
  creds: TeamCredentials,
  options: { after?: string; waitMs: number },
  deps: TeamClientDeps & {
    readEvents: (
      body: ReadableStream<Uint8Array>,
      signal: AbortSignal,
    ) => AsyncIterable<{ event: string; id?: string }>;
  },
): Promise<{ cursor?: string; changed: boolean; signedOut?: boolean }> {
  const host = new URL(creds.url).host;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), options.waitMs);
  try {
    let response: Response;
    try {
      response = await deps.fetch(new URL('/v1/events', creds.url).href, {
        headers: {
          authorization: `Bearer ${creds.token}`,
          accept: 'text/event-stream',
          ...(options.after ? { 'last-event-id': options.after } : {}),
        },
        redirect: 'error',
        credentials: 'omit',
        signal: stop.signal,
      });
    } catch (error) {
      if (stop.signal.aborted) return { cursor: options.after, changed: false };
      void error; // said below in the user's words
      throw teamServerFailure('unreachable', t('team_fail_unreachable', host));
    }
    if (response.status === 401 || response.status === 403)
      throw teamServerFailure('refused', t('team_fail_refused', host));
    if (!response.ok || !response.body) throw teamServerFailure('http', t('team_fail_http', host, response.status));
    let cursor = options.after;
    try {
      for await (const e of deps.readEvents(response.body, stop.signal)) {
        if (e.event === 'signed-out') return { cursor, changed: false, signedOut: true };
        if (e.event === 'ready' || !e.id || !/^[\w.:-]{1,100}$/.test(e.id)) continue;
        cursor = e.id;
        return { cursor, changed: true };
      }
    } catch (error) {
      // The wait ended (the abort), or the stream broke: what was read stands.
      if (!stop.signal.aborted) console.warn('Tabwise: the team events stream broke', error);
    }
    return { cursor, changed: false };
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
}

const teamProviderGroupsSchema = z
  .array(
    z.object({
      teamId: z.string().max(200),
      teamName: z.string().max(200),
      mode: z.enum(['team-only', 'team-and-own']),
      providers: z
        .array(
          z.object({
            id: z.string().max(200),
            name: z.string().max(100),
            kind: z.enum(['openai', 'anthropic', 'openai-compatible']),
            models: z.array(z.string().max(200)).min(1).max(200),
            createdAt: z.string().max(40),
          }),
        )
        .max(100),
    }),
  )
  .max(200);
/** The providers of the user's teams and each team's mode, as the server lists them (never a key). */
export type TeamProviderGroups = z.output<typeof teamProviderGroupsSchema>;

/** The user's teams' providers (`GET /v1/me/providers`). */
export async function fetchTeamProviders(creds: TeamCredentials, deps: TeamClientDeps): Promise<TeamProviderGroups> {
  return parsed(teamProviderGroupsSchema, await request(creds, '/v1/me/providers', deps), creds.url);
}
