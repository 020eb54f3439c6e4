/**
 * team.*: Settings → Team. The address goes in (unless the organisation set it), the token goes in and never comes
 * out: a view says only whether one is saved, who the server says it belongs to, and how the connection is. Signing
 * in asks the server who the token belongs to first, so a wrong token is never saved.
 */
import type { ErrorCode } from '../../core/error-code';
import { UserFacingError } from '../../messaging/user-facing-error';
import { fetchTeamIdentity, isTeamServerFailure, type TeamFailureKind } from '../../tools/team/team-client';
import type { TeamConnectionStore, TeamConnectionView } from '../../tools/team/team-connection-store';
import { t } from '../../util/t';
import type { Awaitable, HandlerSet } from './handler-set';

/** Each failure's code on the wire, so the page (and tests) can branch on the cause. */
const FAILURE_CODES: Record<TeamFailureKind, ErrorCode> = {
  unreachable: 'network',
  timeout: 'timeout',
  refused: 'auth',
  rate_limited: 'rate_limited',
  http: 'server',
  bad_reply: 'bad_reply',
};

export interface TeamHandlerDeps {
  store: Awaitable<TeamConnectionStore>;
  fetch: typeof fetch;
  now: () => number;
  timeoutMs?: number;
}

export function createTeamHandlers(
  deps: TeamHandlerDeps,
): HandlerSet<'team.get' | 'team.setUrl' | 'team.signIn' | 'team.signOut' | 'team.remove'> {
  const client = { fetch: deps.fetch, timeoutMs: deps.timeoutMs };
  return {
    /** The stored view; signed in, checked with the server now (what it says of who you are is kept). */
    'team.get': async (): Promise<TeamConnectionView> => {
      const store = await deps.store;
      const view = await store.view();
      const creds = view.signedIn ? await store.credentials() : undefined;
      if (!creds) return view;
      try {
        const identity = await fetchTeamIdentity(creds, client);
        const now = deps.now();
        await store.remember(identity, now);
        return { ...view, identity, checkedAt: now, status: 'connected' };
      } catch (error) {
        if (!isTeamServerFailure(error)) throw error;
        return { ...view, status: error.kind === 'refused' ? 'refused' : 'unreachable', error: error.shown };
      }
    },
    'team.setUrl': async ({ url }) => (await deps.store).setUrl(url),
    'team.signIn': async ({ token }) => {
      const store = await deps.store;
      const { url } = await store.view();
      if (!url) throw new UserFacingError('invalid', t('team_url_first'));
      try {
        const identity = await fetchTeamIdentity({ url, token }, client);
        return await store.signIn(token, identity, deps.now());
      } catch (error) {
        if (isTeamServerFailure(error)) throw new UserFacingError(FAILURE_CODES[error.kind], error.shown);
        throw error;
      }
    },
    'team.signOut': async () => (await deps.store).signOut(),
    'team.remove': async () => (await deps.store).remove(),
  };
}
