import { describe, expect, it } from 'vitest';
import { openTabwiseDb } from '../../../lib/storage/db';
import { createTeamConnectionStore, teamServerOrigin } from '../../../lib/tools/team/team-connection-store';
import { createTeamHandlers } from '../../../lib/background/handlers/team-handlers';

/** These tests sign in with a token: a web auth flow would be a mistake. */
const NO_WEB_AUTH = {
  redirectUrl: 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oidc',
  launch: () => Promise.reject(new Error('no web auth flow in these tests')),
};
const freshDb = () => openTabwiseDb(`tabwise-team-${crypto.randomUUID()}`);
const ME = {
  user: { id: 'u1', email: 'ada@example.com', displayName: 'Ada', platformAdmin: false },
  teams: [{ id: 't1', name: 'Research', role: 'member' }],
};
/** What Tabwise keeps of it: who and which teams (the server's other fields are not read). */
const SHOWN = { user: { id: 'u1', email: 'ada@example.com', displayName: 'Ada' }, teams: ME.teams };

/** A fake team server: answers /v1/me for `good`, 401 for any other token; records what it was sent. */
function fakeServer(good = 'tw_pat_good') {
  const seen: { url: string; auth: string | null; redirect?: RequestRedirect; credentials?: RequestCredentials }[] = [];
  let mode: 'ok' | 'down' | 'busy' | 'junk' = 'ok';
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const auth = new Headers(init?.headers).get('authorization');
    seen.push({ url: String(input), auth, redirect: init?.redirect, credentials: init?.credentials });
    if (mode === 'down') throw new TypeError('Failed to fetch');
    if (mode === 'busy') return new Response('{}', { status: 429, headers: { 'retry-after': '30' } });
    if (mode === 'junk') return new Response('<html>login</html>', { status: 200 });
    if (auth !== `Bearer ${good}`) return new Response('{"error":"unauthorized"}', { status: 401 });
    return Response.json(ME);
  };
  return { fetch, seen, set: (m: typeof mode) => (mode = m) };
}

describe('the team server connection', () => {
  it('addresses: https anywhere, http only on this computer, kept as the origin', () => {
    expect(teamServerOrigin(' https://team.example.com/some/path ')).toBe('https://team.example.com');
    expect(teamServerOrigin('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(teamServerOrigin('http://localhost:9000/')).toBe('http://localhost:9000');
    expect(() => teamServerOrigin('http://team.example.com')).toThrow(/must use https/);
    expect(() => teamServerOrigin('https://ada:pw@team.example.com')).toThrow(/not a web address/);
    expect(() => teamServerOrigin('team.example.com')).toThrow(/not a web address/);
    expect(() => teamServerOrigin('javascript:alert(1)')).toThrow(/must use https/);
  });

  it('signs in only with a token the server accepts, keeps it encrypted, and shows who you are', async () => {
    const db = await freshDb();
    const server = fakeServer();
    const store = createTeamConnectionStore(db, async () => undefined);
    const h = createTeamHandlers({ store, fetch: server.fetch, now: () => 1000, webAuth: NO_WEB_AUTH });
    expect(await h['team.get']({})).toMatchObject({ status: 'none', signedIn: false, managed: false });
    await expect(h['team.signIn']({ token: 'tw_pat_good' })).rejects.toThrow(/Save the server's address first/);

    expect(await h['team.setUrl']({ url: 'http://127.0.0.1:8787/' })).toMatchObject({
      url: 'http://127.0.0.1:8787',
      status: 'signed-out',
    });
    await expect(h['team.signIn']({ token: 'tw_pat_wrong' })).rejects.toThrow(
      '127.0.0.1:8787 refused the access token.',
    );
    expect((await store.view()).signedIn).toBe(false);

    const view = await h['team.signIn']({ token: 'tw_pat_good' });
    expect(view).toMatchObject({ signedIn: true, status: 'connected', identity: SHOWN, checkedAt: 1000 });
    expect(JSON.stringify(view)).not.toContain('tw_pat_good');
    expect(JSON.stringify(await db.get('settings', 'teamServer'))).not.toContain('tw_pat_good');
    // The token goes to the server's own origin only, without cookies, and never follows a redirect.
    expect(server.seen.at(-1)).toEqual({
      url: 'http://127.0.0.1:8787/v1/me',
      auth: 'Bearer tw_pat_good',
      redirect: 'error',
      credentials: 'omit',
    });
    db.close();
  });

  it('a live check says when the server is down, busy, answers junk or refuses the token; the last identity stays', async () => {
    const db = await freshDb();
    const server = fakeServer();
    const store = createTeamConnectionStore(db, async () => undefined);
    const h = createTeamHandlers({ store, fetch: server.fetch, now: () => 1000, webAuth: NO_WEB_AUTH });
    await h['team.setUrl']({ url: 'https://team.example.com' });
    await h['team.signIn']({ token: 'tw_pat_good' });
    server.set('down');
    expect(await h['team.get']({})).toMatchObject({
      status: 'unreachable',
      error: 'Could not reach team.example.com.',
      identity: SHOWN,
    });
    server.set('busy');
    expect(await h['team.get']({})).toMatchObject({
      status: 'unreachable',
      error: 'team.example.com is busy: try again in 30 s.',
    });
    server.set('junk');
    expect((await h['team.get']({})).error).toMatch(/not a team server's reply/);
    // Revoked on the server: any other answer than the user's is a 401 here.
    const revoked = createTeamHandlers({
      store,
      fetch: fakeServer('tw_pat_other').fetch,
      now: () => 2000,
      webAuth: NO_WEB_AUTH,
    });
    expect(await revoked['team.get']({})).toMatchObject({ status: 'refused', signedIn: true });
    db.close();
  });

  it('a new address signs out (the token belongs to its server); sign out and remove forget it', async () => {
    const db = await freshDb();
    const server = fakeServer();
    const store = createTeamConnectionStore(db, async () => undefined);
    const h = createTeamHandlers({ store, fetch: server.fetch, now: () => 1000, webAuth: NO_WEB_AUTH });
    await h['team.setUrl']({ url: 'https://team.example.com' });
    await h['team.signIn']({ token: 'tw_pat_good' });
    expect(await h['team.setUrl']({ url: 'https://team.example.com/other' })).toMatchObject({ signedIn: true });
    expect(await h['team.setUrl']({ url: 'https://collector.example' })).toMatchObject({ signedIn: false });
    expect(await store.credentials()).toBeUndefined();
    await h['team.setUrl']({ url: 'https://team.example.com' });
    await h['team.signIn']({ token: 'tw_pat_good' });
    expect(await h['team.signOut']({})).toMatchObject({ signedIn: false, url: 'https://team.example.com' });
    expect(await h['team.remove']({})).toMatchObject({ status: 'none' });
    expect(await db.get('settings', 'teamServer')).toBeUndefined();
    db.close();
  });

  it("the organisation's address: locked, it replaces the user's (and their token for another server)", async () => {
    const db = await freshDb();
    const server = fakeServer();
    const org: { policy?: { url: string; signInRequired: boolean } } = {};
    const store = createTeamConnectionStore(db, async () => org.policy);
    const h = createTeamHandlers({ store, fetch: server.fetch, now: () => 1000, webAuth: NO_WEB_AUTH });
    await h['team.setUrl']({ url: 'https://mine.example.com' });
    await h['team.signIn']({ token: 'tw_pat_good' });
    org.policy = { url: 'https://team.corp.example/', signInRequired: true };
    expect(await h['team.get']({})).toMatchObject({
      url: 'https://team.corp.example',
      managed: true,
      signInRequired: true,
      signedIn: false,
      status: 'signed-out',
    });
    await expect(h['team.setUrl']({ url: 'https://mine.example.com' })).rejects.toThrow(/Your organisation set/);
    await h['team.signIn']({ token: 'tw_pat_good' });
    expect((await store.credentials())?.url).toBe('https://team.corp.example');
    expect(server.seen.at(-1)?.url).toBe('https://team.corp.example/v1/me');
    // Removing an organisation's server only signs out.
    expect(await h['team.remove']({})).toMatchObject({ url: 'https://team.corp.example', signedIn: false });
    db.close();
  });
});

describe('the team connection record, read once per worker', () => {
  it('answers from what it last read or wrote: one IndexedDB read for many credentials, every change seen at once', async () => {
    const db = await freshDb();
    let reads = 0;
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key === 'get' && typeof value === 'function')
          return (...args: unknown[]) => (
            args[0] === 'settings' && reads++,
            (value as (...a: unknown[]) => unknown).apply(target, args)
          );
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const store = createTeamConnectionStore(counted, async () => undefined);
    for (let i = 0; i < 5; i++) expect(await store.credentials()).toBeUndefined();
    expect(reads).toBe(1);
    await store.setUrl('https://team.example.com');
    await store.signIn('tw_pat_secret', { ...SHOWN, teams: [{ id: 't1', name: 'Research', role: 'member' }] }, 1);
    expect(await store.credentials()).toEqual({ url: 'https://team.example.com', token: 'tw_pat_secret' });
    // At rest the token is sealed, whatever the memory holds.
    expect(JSON.stringify(await db.get('settings', 'teamServer'))).not.toContain('tw_pat_secret');
    await store.signOut();
    expect(await store.credentials()).toBeUndefined();
    expect((await store.view()).status).toBe('signed-out');
    await store.remove();
    expect((await store.view()).status).toBe('none');
    expect(await db.get('settings', 'teamServer')).toBeUndefined();
    expect(reads).toBe(1);
    // Another worker (a restart) reads what this one wrote.
    await store.setUrl('https://other.example.com');
    expect((await createTeamConnectionStore(db, async () => undefined).view()).url).toBe('https://other.example.com');
  });

  it('an invitation joins its team: signed out as someone new (signed in with the token the server answers), signed in as you; a used, foreign or malformed one says why', async () => {
    const INVITE = `twi_${'A'.repeat(43)}`;
    const FIRST = `twp_${'B'.repeat(43)}`;
    const seen: { path: string; auth: string | null; body?: unknown }[] = [];
    let redeem: () => Response = () => Response.json({ userId: 'u1', teamId: 't1', role: 'member', token: FIRST });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const auth = new Headers(init?.headers).get('authorization');
      const path = new URL(String(input)).pathname;
      seen.push({ path, auth, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (path === '/invitations/redeem') return redeem();
      if (auth !== `Bearer ${FIRST}`) return new Response('{"error":"unauthorized"}', { status: 401 });
      return Response.json(ME);
    };
    const db = await freshDb();
    const store = createTeamConnectionStore(db, async () => undefined);
    const h = createTeamHandlers({ store, fetch, now: () => 1000, webAuth: NO_WEB_AUTH });
    await h['team.setUrl']({ url: 'http://127.0.0.1:8787' });
    seen.length = 0;

    // Malformed: nothing is sent.
    await expect(h['team.join']({ invitation: 'twi_short' })).rejects.toThrow(/That is not an invitation/);
    expect(seen).toEqual([]);

    // Signed out: redeemed with no token; the first token it answers signs in, kept encrypted; the invitation is kept nowhere.
    const view = await h['team.join']({ invitation: INVITE });
    expect(view).toMatchObject({ signedIn: true, identity: SHOWN });
    expect(seen[0]).toEqual({ path: '/invitations/redeem', auth: null, body: { token: INVITE } });
    expect(seen[1]).toMatchObject({ path: '/v1/me', auth: `Bearer ${FIRST}` });
    const kept = JSON.stringify(await db.get('settings', 'teamServer'));
    expect(kept).not.toContain(FIRST);
    expect(kept).not.toContain(INVITE);
    expect((await store.credentials())!.token).toBe(FIRST);

    // Signed in: redeemed as you (your token), the team added to who you are.
    seen.length = 0;
    redeem = () => Response.json({ userId: 'u1', teamId: 't2', role: 'member' });
    await h['team.join']({ invitation: INVITE });
    expect(seen[0]).toEqual({ path: '/invitations/redeem', auth: `Bearer ${FIRST}`, body: { token: INVITE } });

    // Used, revoked or expired (404); for another address (403): said in the user's words; still signed in.
    redeem = () => Response.json({ error: { code: 'not_found' } }, { status: 404 });
    await expect(h['team.join']({ invitation: INVITE })).rejects.toThrow(
      '127.0.0.1:8787 does not know this invitation: it was used, revoked or has expired.',
    );
    redeem = () => Response.json({ error: { code: 'forbidden' } }, { status: 403 });
    await expect(h['team.join']({ invitation: INVITE })).rejects.toThrow(/is for another address/);
    expect((await store.view()).signedIn).toBe(true);

    // Signed out, someone who exists already (403): told to sign in first, and nothing is stored.
    await h['team.signOut']({});
    await expect(h['team.join']({ invitation: INVITE })).rejects.toThrow(
      'You already have an account on 127.0.0.1:8787: sign in with your access token first',
    );
    // An answer for someone new without their first token is not believed.
    redeem = () => Response.json({ userId: 'u1', teamId: 't1', role: 'member' });
    await expect(h['team.join']({ invitation: INVITE })).rejects.toThrow(
      "127.0.0.1:8787 answered with something that is not a team server's reply.",
    );
    expect((await store.view()).signedIn).toBe(false);
    db.close();
  });
});
