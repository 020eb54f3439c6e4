/**
 * team.*: Settings → Team. The address goes in (unless the organisation set it), the token goes in and never comes
 * out: a view says only whether one is saved, who the server says it belongs to, and how the connection is. Signing
 * in asks the server who the token belongs to first, so a wrong token is never saved.
 */
import type { ErrorCode } from '../../core/error-code';
import { UserFacingError } from '../../messaging/user-facing-error';
import { signInWithOrganisation, type WebAuthFlow } from '../../tools/team/organisation-sign-in';
import {
  endTeamSession,
  fetchTeamAuthConfig,
  fetchTeamIdentity,
  INVITATION_SHAPE,
  isTeamServerFailure,
  redeemTeamInvitation,
  type TeamFailureKind,
} from '../../tools/team/team-client';
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
  /** The browser's web auth flow, for "Sign in with your organisation". */
  webAuth: WebAuthFlow;
}

/** A team server's failure as the page's error, in the user's words; anything else as it is. */
export const asUserFacing = (error: unknown) =>
  isTeamServerFailure(error) ? new UserFacingError(FAILURE_CODES[error.kind], error.shown) : error;

export function createTeamHandlers(
  deps: TeamHandlerDeps,
): HandlerSet<
  'team.get' | 'team.setUrl' | 'team.signIn' | 'team.join' | 'team.signInOrganisation' | 'team.signOut' | 'team.remove'
> {
  const client = { fetch: deps.fetch, timeoutMs: deps.timeoutMs };
  /** Whether the server offers signing in with the organisation's IdP (unknown when it cannot be asked: no). */
  const offersOrganisation = (url: string) =>
    fetchTeamAuthConfig(url, client).then(
      (c) => c.oidc,
      () => false,
    );
  /** A signed-out view with what the server offers. */
  const withOffer = async (view: TeamConnectionView): Promise<TeamConnectionView> =>
    view.url && !view.signedIn ? { ...view, organisationSignIn: await offersOrganisation(view.url) } : view;
  return {
    /**
     * The stored view; signed in, checked with the server now (what it says of who you are is kept); signed out,
     * whether the server offers "Sign in with your organisation".
     */
    'team.get': async (): Promise<TeamConnectionView> => {
      const store = await deps.store;
      const view = await store.view();
      const creds = view.signedIn ? await store.credentials() : undefined;
      if (!creds) return withOffer(view);
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
    'team.setUrl': async ({ url }) => withOffer(await (await deps.store).setUrl(url)),
    'team.signIn': async ({ token }) => {
      const store = await deps.store;
      const { url } = await store.view();
      if (!url) throw new UserFacingError('invalid', t('team_url_first'));
      try {
        const identity = await fetchTeamIdentity({ url, token }, client);
        return await store.signIn(token, identity, deps.now());
      } catch (error) {
        throw asUserFacing(error);
      }
    },
    /**
     * Joins a team with an invitation its admin made. Signed in, the invitation is redeemed as you and the team is
     * added to who you are; signed out, it is redeemed as someone new, whose first personal access token the
     * server answers with, and that token signs you in (it is stored like one you typed). The invitation goes to
     * this server only and is not kept.
     */
    'team.join': async ({ invitation }) => {
      const store = await deps.store;
      const view = await store.view();
      if (!view.url) throw new UserFacingError('invalid', t('team_url_first'));
      const host = new URL(view.url).host;
      if (!INVITATION_SHAPE.test(invitation)) throw new UserFacingError('invalid', t('team_invitation_malformed'));
      const creds = view.signedIn ? await store.credentials() : undefined;
      try {
        const redeemed = await redeemTeamInvitation(creds ?? { url: view.url }, invitation, client);
        const token = creds?.token ?? redeemed.token;
        // Someone new always gets a token; an answer without one, signed out, is not the server's documented word.
        if (!token) throw new UserFacingError('bad_reply', t('team_fail_bad_reply', host));
        const identity = await fetchTeamIdentity({ url: view.url, token }, client);
        if (creds) {
          await store.remember(identity, deps.now());
          return { ...(await store.view()), identity, status: 'connected' as const };
        }
        return await store.signIn(token, identity, deps.now());
      } catch (error) {
        if (isTeamServerFailure(error) && error.status === 404)
          throw new UserFacingError('not_found', t('team_invitation_invalid', host));
        if (isTeamServerFailure(error) && error.status === 403)
          throw new UserFacingError(
            'auth',
            t(creds ? 'team_invitation_someone_else' : 'team_invitation_sign_in_first', host),
          );
        throw asUserFacing(error);
      }
    },
    /** Signs in through the organisation's IdP (organisation-sign-in.ts); the session is stored like a token. */
    'team.signInOrganisation': async () => {
      const store = await deps.store;
      const { url } = await store.view();
      if (!url) throw new UserFacingError('invalid', t('team_url_first'));
      try {
        const token = await signInWithOrganisation(url, { ...client, webAuth: deps.webAuth });
        const identity = await fetchTeamIdentity({ url, token }, client);
        return await store.signIn(token, identity, deps.now());
      } catch (error) {
        throw asUserFacing(error);
      }
    },
    /**
     * Forgets the token here; a sign-in session is ended on the server first (a personal access token is the
     * user's to revoke: scripts may use it too). A server that cannot be told does not keep anyone signed in here.
     */
    'team.signOut': async () => {
      const store = await deps.store;
      const creds = await store.credentials();
      let told = true;
      if (creds?.token.startsWith('tws_'))
        await endTeamSession(creds, client).catch((error: unknown) => {
          if (!isTeamServerFailure(error)) throw error;
          // Refused: the session had ended already (expired, revoked, removed from the team).
          told = error.kind === 'refused';
        });
      const view = await withOffer(await store.signOut());
      return told ? view : { ...view, error: t('team_signed_out_locally') };
    },
    'team.remove': async () => withOffer(await (await deps.store).remove()),
  };
}
