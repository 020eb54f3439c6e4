/**
 * Settings → Team end to end: the built extension and a real team server (embedded Postgres over the wire, the
 * seeded teams) on 127.0.0.1. Adding the server, a refused token, signing in, who you are and your teams, the
 * server going away (the last identity stays, the status says why), signing out. The token never reaches
 * `storage.local` (which content scripts can read) and never shows in the page.
 */
import { axeFindings, isSerious } from '../harness/ui-views';
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import { callBackground, expect, test } from './fixtures';

test('Settings → Team: add a server, a refused token, sign in, who you are, the server gone, sign out', async ({
  extPage,
}) => {
  test.setTimeout(120_000);
  const { server, world } = await startTestServer({}, { embedder: fakeEmbedder() });
  const host = new URL(server.url).host;
  let closed = false;
  try {
    await extPage.goto(extPage.url().replace(/#.*$/, '') + '#team');
    const section = extPage.getByRole('region', { name: 'Team' });
    // Nothing of the connection shows until a server is added.
    await expect(section.getByRole('button', { name: 'Add a team server' })).toBeVisible();
    await expect(section.getByLabel('Access token')).toHaveCount(0);
    await section.getByRole('button', { name: 'Add a team server' }).click();

    await section.getByLabel('Server address').fill('http://team.example.com');
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(section).toContainText('A team server must use https');
    await section.getByLabel('Server address').fill(server.url);
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');

    await section.getByLabel('Access token').fill('tw_pat_not_a_real_one');
    await section.getByRole('button', { name: 'Sign in' }).click();
    await expect(section).toContainText(`${host} refused the access token.`);

    await section.getByLabel('Access token').fill(world.bob.token);
    await section.getByRole('button', { name: 'Sign in' }).click();
    await expect(section).toContainText('Signed in as bob@red.test.');
    await expect(section.getByRole('list', { name: 'Your teams' })).toHaveText('Red · member');
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Connected.');
    // The token is in no field, no text, and not in storage.local.
    await expect(section.getByLabel('Access token')).toHaveCount(0);
    expect(await extPage.content()).not.toContain(world.bob.token);
    const local = await extPage.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(local)).not.toContain(world.bob.token);

    // The server goes away: the last identity stays, and the status says why.
    await server.close();
    closed = true;
    await extPage.reload();
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText(
      `Cannot reach the server right now; your own history works as usual. Could not reach ${host}.`,
    );
    await expect(section).toContainText('Signed in as bob@red.test.');

    await section.getByRole('button', { name: 'Sign out' }).click();
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');
    await expect(section.getByLabel('Access token')).toBeVisible();
  } finally {
    if (!closed) await server.close();
  }
});

test('Settings → Team: a newcomer joins with an invitation (signed in at once), joins a second team signed in, and a used invitation says why', async ({
  extPage,
}) => {
  test.setTimeout(120_000);
  const { server, world, call } = await startTestServer({}, { embedder: fakeEmbedder() });
  const host = new URL(server.url).host;
  try {
    // Ada (Red's admin) and Cy (Blue's) each invite the same new address, over the server's API.
    const invite = async (teamId: string, token: string) => {
      const made = await call('POST', `/v1/teams/${teamId}/invitations`, token, { email: 'eve@new.test' });
      expect(made.status).toBe(201);
      return (made.json as { token: string }).token;
    };
    const toRed = await invite(world.red, world.ada.token);
    const toBlue = await invite(world.blue, world.cy.token);

    await extPage.goto(extPage.url().replace(/#.*$/, '') + '#team');
    const section = extPage.getByRole('region', { name: 'Team' });
    await section.getByRole('button', { name: 'Add a team server' }).click();
    await section.getByLabel('Server address').fill(server.url);
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Not signed in.');

    // The invitation goes where a token goes: Eve is made, joins Red and is signed in.
    await section.getByLabel('Access token').fill(toRed);
    await section.getByRole('button', { name: 'Sign in' }).click();
    await expect(section).toContainText('Signed in as eve@new.test.');
    await expect(section.getByRole('list', { name: 'Your teams' })).toHaveText('Red · member');
    await expect(section.getByRole('status', { name: 'Connection' })).toHaveText('Connected.');

    // Signed in, the second invitation adds Blue.
    await section.getByLabel('Invitation').fill(toBlue);
    await section.getByRole('button', { name: 'Join team' }).click();
    await expect(section).toContainText('Joined: your teams are listed above.');
    await expect(section.getByRole('list', { name: 'Your teams' }).getByRole('listitem')).toHaveText([
      'Blue · member',
      'Red · member',
    ]);
    // The server agrees: Eve is in both teams' people.
    const people = async (teamId: string, token: string) =>
      ((await call('GET', `/v1/teams/${teamId}/members`, token)).json as { email: string }[]).map((m) => m.email);
    expect(await people(world.red, world.ada.token)).toContain('eve@new.test');
    expect(await people(world.blue, world.cy.token)).toContain('eve@new.test');

    // Used once: a second try says why, and Eve stays signed in.
    await section.getByLabel('Invitation').fill(toRed);
    await section.getByRole('button', { name: 'Join team' }).click();
    await expect(section).toContainText(
      `${host} does not know this invitation: it was used, revoked or has expired. Ask your team's admin for a new one.`,
    );
    await expect(section).toContainText('Signed in as eve@new.test.');

    // Neither invitation nor Eve's first token is on the page or in storage.local.
    const local = JSON.stringify(await extPage.evaluate(() => chrome.storage.local.get(null)));
    const page = await extPage.content();
    for (const secret of [toRed, toBlue]) {
      expect(local).not.toContain(secret);
      expect(page).not.toContain(secret);
    }
    expect(page).not.toMatch(/twp_[A-Za-z0-9_-]{43}/);
    expect(local).not.toMatch(/twp_[A-Za-z0-9_-]{43}/);
  } finally {
    await server.close();
  }
});

test("Settings → Team: a team's admin sees its people, invites by email (the invitation works once, for a newcomer) and removes a member; a member manages nothing", async ({
  extPage,
}) => {
  test.setTimeout(120_000);
  const { server, world, call } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await extPage.goto(extPage.url().replace(/#.*$/, '') + '#team');
    const section = extPage.getByRole('region', { name: 'Team' });
    const signInAs = async (token: string, email: string) => {
      await section.getByLabel('Access token').fill(token);
      await section.getByRole('button', { name: 'Sign in' }).click();
      await expect(section).toContainText(`Signed in as ${email}.`);
    };

    // Bob is a member of Red: nothing to manage.
    await signInAs(world.bob.token, 'bob@red.test');
    await expect(section.getByText('Manage Red')).toHaveCount(0);
    await section.getByRole('button', { name: 'Sign out' }).click();

    // Ada is Red's admin: its people, when she opens it.
    await signInAs(world.ada.token, 'ada@red.test');
    await section.getByText('Manage Red').click();
    const people = section.getByRole('list', { name: 'People of Red' });
    await expect(people.getByRole('listitem')).toHaveCount(2);
    await expect(people).toContainText('ada@red.test · admin');
    await expect(people).toContainText('bob@red.test · member');
    // No Remove for herself.
    await expect(people.getByRole('listitem').filter({ hasText: 'ada@red.test' }).getByRole('button')).toHaveCount(0);

    // An invitation by email, shown once; it makes a newcomer in Red, once.
    await section.getByLabel('Email address to invite').fill('eve@new.test');
    await section.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(section).toContainText('Invitation for eve@new.test, until');
    const invitation = await section.getByLabel('Invitation to send').inputValue();
    // The section with its people and the invitation has no serious accessibility finding.
    const findings = await axeFindings(extPage, 'team people', 'light', { include: '.team-people' });
    expect(findings.filter(isSerious).map((f) => `${f.id}: ${f.summary}`)).toEqual([]);
    expect(invitation).toMatch(/^twi_[A-Za-z0-9_-]{43}$/);
    const redeemed = await fetch(`${server.url}/invitations/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invitation }),
    });
    expect(redeemed.status).toBe(200);
    expect(((await redeemed.json()) as { teamId: string }).teamId).toBe(world.red);
    const again = await fetch(`${server.url}/invitations/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invitation }),
    });
    expect(again.status).toBe(404);
    // Kept nowhere a page or content script reads.
    expect(JSON.stringify(await extPage.evaluate(() => chrome.storage.local.get(null)))).not.toContain(invitation);

    // Removing Bob asks first, then he is gone from the list and, Red being his only team, signed out everywhere.
    const bob = people.getByRole('listitem').filter({ hasText: 'bob@red.test' });
    await bob.getByRole('button', { name: 'Remove' }).click();
    const confirm = section.getByRole('group', { name: /Remove bob@red\.test from Red\?/ });
    await expect(confirm).toBeVisible();
    expect((await call('GET', '/v1/me', world.bob.token)).status).toBe(200);
    await confirm.getByRole('button', { name: 'Remove bob@red.test' }).click();
    await expect(section).toContainText('Removed bob@red.test.');
    await expect(people).not.toContainText('bob@red.test');
    await expect(people).toContainText('eve@new.test · member');
    expect((await call('GET', '/v1/me', world.bob.token)).status).toBe(401);
  } finally {
    await server.close();
  }
});
