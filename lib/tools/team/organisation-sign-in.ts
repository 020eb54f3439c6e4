/**
 * "Sign in with your organisation": the extension's half of the team server's OpenID Connect sign-in. A PKCE
 * verifier and a state are made here and never leave the background but in the exchange; the browser's web auth
 * flow (`chrome.identity.launchWebAuthFlow`) opens the server's start page, the IdP signs the person in, and the
 * server sends the window back to the extension's redirect URL with a one-time code, which is traded here with the
 * verifier for a session token. An answer that is not for this request (another state, another address) is refused.
 */
import { UserFacingError } from '../../messaging/user-facing-error';
import { t } from '../../util/t';
import { exchangeTeamSignInCode, isTeamServerFailure, type TeamClientDeps } from './team-client';

/** The browser's web auth flow, injected: the URL it ended on, or a rejection (closed, page not loadable). */
export interface WebAuthFlow {
  /** The extension's redirect URL (`https://<id>.chromiumapp.org/oidc`). */
  redirectUrl: string;
  launch(url: string): Promise<string | undefined>;
}

export interface OrganisationSignInDeps extends TeamClientDeps {
  webAuth: WebAuthFlow;
  /** Random bytes; crypto.getRandomValues unless a test says otherwise. */
  randomBytes?: (n: number) => Uint8Array;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The S256 challenge of a PKCE verifier (RFC 7636). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** What the server put in `error=` when it sent the window back without a code, in the user's words. */
const REFUSALS: Record<string, Parameters<typeof t>[0]> = {
  not_invited: 'team_oidc_not_invited',
  no_email: 'team_oidc_no_email',
};

/** Signs in at `serverUrl` (an origin) through the organisation's IdP; answers the session token. */
export async function signInWithOrganisation(serverUrl: string, deps: OrganisationSignInDeps): Promise<string> {
  const random = deps.randomBytes ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const verifier = base64url(random(32));
  const state = base64url(random(16));
  const redirectUri = deps.webAuth.redirectUrl;
  const start = new URL('/v1/auth/oidc/start', serverUrl);
  start.search = new URLSearchParams({
    redirect_uri: redirectUri,
    code_challenge: await pkceChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  }).toString();
  let ended: string | undefined;
  try {
    ended = await deps.webAuth.launch(start.href);
  } catch (error) {
    void error; // Chrome's own text ("The user did not approve access.") is said in the user's words instead.
    throw new UserFacingError('aborted', t('team_oidc_cancelled'));
  }
  const answer = ended ? new URL(ended) : undefined;
  if (!answer || answer.origin + answer.pathname !== redirectUri || answer.searchParams.get('state') !== state)
    throw new UserFacingError('bad_reply', t('team_oidc_failed'));
  const refused = answer.searchParams.get('error');
  if (refused) throw new UserFacingError('auth', t(REFUSALS[refused] ?? 'team_oidc_failed'));
  const code = answer.searchParams.get('code');
  if (!code) throw new UserFacingError('bad_reply', t('team_oidc_failed'));
  try {
    return (await exchangeTeamSignInCode(serverUrl, { code, codeVerifier: verifier, redirectUri }, deps)).token;
  } catch (error) {
    if (isTeamServerFailure(error) && error.kind === 'http') throw new UserFacingError('auth', t('team_oidc_failed'));
    throw error;
  }
}
