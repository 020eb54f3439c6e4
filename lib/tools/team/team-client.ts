/**
 * The background's requests to the team server: one function per endpoint, the token as a bearer header, only ever
 * to the server's own origin, with a deadline. A reply is the server's word: checked against its schema, and a
 * failure is a `TeamServerFailure` whose `shown` text is in the user's words (never the token, never the reply).
 */
import { t } from '../../util/t';
import { teamIdentitySchema, type TeamCredentials, type TeamIdentity } from './team-connection-store';

export type TeamFailureKind = 'unreachable' | 'timeout' | 'refused' | 'rate_limited' | 'http' | 'bad_reply';

export class TeamServerFailure extends Error {
  constructor(
    readonly kind: TeamFailureKind,
    readonly shown: string,
    /** Seconds the server asked to wait (429/503 `Retry-After`). */
    readonly retryAfterS?: number,
  ) {
    super(shown);
    this.name = 'TeamServerFailure';
  }
}

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

/** GETs or POSTs `path` on the server and answers its JSON, or throws a TeamServerFailure. */
async function request(
  creds: TeamCredentials,
  path: string,
  deps: TeamClientDeps,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<unknown> {
  const host = new URL(creds.url).host;
  let response: Response;
  try {
    response = await deps.fetch(new URL(path, creds.url).href, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${creds.token}`,
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
      throw new TeamServerFailure('timeout', t('team_fail_timeout', host));
    throw new TeamServerFailure('unreachable', t('team_fail_unreachable', host));
  }
  if (response.status === 401 || response.status === 403)
    throw new TeamServerFailure('refused', t('team_fail_refused', host));
  if (response.status === 429 || response.status === 503) {
    const wait = retryAfter(response);
    throw new TeamServerFailure('rate_limited', t('team_fail_busy', host, wait ?? 60), wait);
  }
  if (!response.ok) throw new TeamServerFailure('http', t('team_fail_http', host, response.status));
  const text = await response.text();
  if (text.length > MAX_REPLY_BYTES) throw new TeamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    void error; // said below
    throw new TeamServerFailure('bad_reply', t('team_fail_bad_reply', host));
  }
}

/** Who the token belongs to on the server, and their teams (`GET /v1/me`). */
export async function fetchTeamIdentity(creds: TeamCredentials, deps: TeamClientDeps): Promise<TeamIdentity> {
  const parsed = teamIdentitySchema.safeParse(await request(creds, '/v1/me', deps));
  if (!parsed.success) throw new TeamServerFailure('bad_reply', t('team_fail_bad_reply', new URL(creds.url).host));
  return parsed.data;
}
