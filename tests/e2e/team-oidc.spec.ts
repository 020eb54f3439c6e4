/**
 * "Sign in with your organisation" end to end: the built extension, a real team server (embedded Postgres over the
 * wire) and a real OpenID Connect provider (oidc-provider), all on 127.0.0.1. The button opens Chrome's own web auth
 * window (chrome.identity.launchWebAuthFlow, which headless Chromium shows as a page of the context); the test signs
 * in at the provider's login form there; the window comes back to the extension's chromiumapp.org address, and
 * Settings shows who you are. Signing out ends the session on the server. An account nobody invited is refused.
 */
import type { Page } from '@playwright/test';
import { startTestIdp } from '../team-server/test-idp';
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import { expect, test } from './fixtures';

async function addServer(extPage: Page, url: string) {
  await extPage.goto(extPage.url().replace(/#.*$/, '') + '#team');
  const section = extPage.getByRole('region', { name: 'Team' });
  await section.getByRole('button', { name: 'Add a team server' }).click();
  await section.getByLabel('Server address').fill(url);
  await section.getByRole('button', { name: 'Save address' }).click();
  return section;
}

/** Clicks the button and signs in as `login` in the web auth window that opens. */
async function signInThroughWindow(extPage: Page, section: ReturnType<Page['getByRole']>, login: string) {
  const opened = extPage.context().waitForEvent('page', { predicate: (p) => p.url().includes('/interaction/') });
  await section.getByRole('button', { name: 'Sign in with your organisation' }).click();
  const window = await opened;
  await window.locator('input[name="login"]').fill(login);
  await window.locator('input[name="password"]').fill('any password');
  await window.getByRole('button', { name: 'Sign-in' }).click();
}

test('Settings → Team: sign in with your organisation, who you are, sign out ends the session', async ({
  extPage,
  extensionId,
}) => {
  test.setTimeout(180_000);
  const redirect = `https://${extensionId}.chromiumapp.org/oidc`;
  const idp = await startTestIdp([
    { sub: 'bob-at-idp', email: 'bob@red.test', name: 'Bob Red' },
    { sub: 'stranger', email: 'zed@nowhere.test' },
  ]);
  const { server } = await startTestServer(
    {
      TEAM_SERVER_OIDC_ISSUER: idp.issuer,
      TEAM_SERVER_OIDC_CLIENT_ID: 'tabwise',
      TEAM_SERVER_OIDC_REDIRECT_URIS: redirect,
    },
    { embedder: fakeEmbedder() },
  );
  // A public client: PKCE only, no secret (what an operator sets up for a browser extension's server may differ).
  idp.configure([
    {
      client_id: 'tabwise',
      token_endpoint_auth_method: 'none',
      redirect_uris: [`${server.url}/v1/auth/oidc/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
  try {
    const section = await addServer(extPage, server.url);
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');
    await expect(section.getByRole('button', { name: 'Sign in with your organisation' })).toBeVisible();
    // The token form stays, for people with a personal access token.
    await expect(section.getByLabel('Access token')).toBeVisible();

    // Nobody invited this account: refused, in words, and still signed out.
    await signInThroughWindow(extPage, section, 'stranger');
    await expect(section).toContainText('Your organisation account is not invited to this team server.');
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');

    // The provider remembers who signed in there (its own cookie, which the web auth window shares with the
    // profile): without forgetting it, the next window would not ask again and come back as the stranger.
    await extPage.context().clearCookies();
    await signInThroughWindow(extPage, section, 'bob-at-idp');
    await expect(section).toContainText('Signed in as bob@red.test.');
    await expect(section.getByRole('list', { name: 'Your teams' })).toHaveText('Red · member');
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Connected.');
    // The session is on the server, and nowhere a page or content script could read it.
    const sessions = await server.ctx.db.pool.query(
      `SELECT revoked_at FROM tabwise.access_tokens WHERE kind = 'session'`,
    );
    expect(sessions.rows).toEqual([{ revoked_at: null }]);
    const local = await extPage.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(local)).not.toMatch(/tws_/);
    expect(await extPage.content()).not.toMatch(/tws_/);

    await section.getByRole('button', { name: 'Sign out' }).click();
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');
    const after = await server.ctx.db.pool.query(`SELECT revoked_at FROM tabwise.access_tokens WHERE kind = 'session'`);
    expect(after.rows[0].revoked_at).not.toBeNull();
  } finally {
    await server.close();
    await idp.close();
  }
});
