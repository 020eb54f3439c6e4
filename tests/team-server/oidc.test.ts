// Signing in with the team's identity provider, against a real OpenID Connect provider (oidc-provider) on 127.0.0.1:
// the whole flow as the extension drives it (start, the IdP's login form, the callback, the exchange), who it signs
// in (a member by verified email, an invited person, nobody else), the one-time code, the verifier, the state, the
// redirect URI; sessions that end; and IdP-issued bearer JWTs checked with jose against the provider's JWKS.
import { createHash, randomBytes } from 'node:crypto';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIdentity } from '../../lib/team-server/auth/link-identity';
import { withOwner } from '../../lib/team-server/db/with-caller';
import { signInAtIdp, startTestIdp, type TestIdp } from './test-idp';
import { fakeEmbedder, startTestServer } from './test-server';

const EXT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oidc';

let idp: TestIdp;
let t: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  idp = await startTestIdp([
    { sub: 'bob-sub', email: 'Bob@Red.test', name: 'Bob' },
    { sub: 'nobody-sub', email: 'zed@nowhere.test' },
    { sub: 'unverified-sub', email: 'ada@red.test', emailVerified: false },
    { sub: 'newcomer-sub', email: 'newcomer@red.test', name: 'New Comer' },
  ]);
  t = await startTestServer(
    {
      TEAM_SERVER_OIDC_ISSUER: idp.issuer,
      TEAM_SERVER_OIDC_CLIENT_ID: 'tabwise',
      TEAM_SERVER_OIDC_CLIENT_SECRET: 'a-client-secret-for-tests',
      TEAM_SERVER_OIDC_REDIRECT_URIS: EXT,
    },
    { embedder: fakeEmbedder() },
  );
  idp.configure([
    {
      client_id: 'tabwise',
      client_secret: 'a-client-secret-for-tests',
      redirect_uris: [`${t.server.url}/v1/auth/oidc/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
}, 180_000);

afterAll(async () => {
  await t?.server.close();
  await idp?.close();
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const startUrl = (challenge: string, redirectUri = EXT, state = 'ext-state-1') =>
  `${t.server.url}/v1/auth/oidc/start?${new URLSearchParams({
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  })}`;

/** The extension's side: start, sign in at the IdP as `login`, and the redirect back to the extension. */
async function signInAs(login: string, state = 'ext-state-1') {
  const { verifier, challenge } = pkce();
  const walked = await signInAtIdp(startUrl(challenge, EXT, state), login, EXT);
  if (!('redirect' in walked)) throw new Error(`no redirect back: ${walked.status} ${walked.body.slice(0, 300)}`);
  return { verifier, back: walked.redirect };
}

const exchange = (code: string, verifier: string, redirectUri = EXT) =>
  t.call('POST', '/v1/auth/oidc/exchange', undefined, { code, code_verifier: verifier, redirect_uri: redirectUri });

describe('sign-in with the identity provider', () => {
  it('says it is offered', async () => {
    expect((await t.call('GET', '/v1/auth/config')).json).toEqual({ oidc: true });
  });

  it('a member signs in through the IdP, gets a session that works, and signing out ends it', async () => {
    const { verifier, back } = await signInAs('bob-sub', 'from-the-extension');
    expect(back.origin + back.pathname).toBe(EXT);
    expect(back.searchParams.get('state')).toBe('from-the-extension');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await exchange(code, verifier);
    expect(session.status).toBe(200);
    expect(session.json.token).toMatch(/^tws_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(session.json.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const me = await t.call('GET', '/v1/me', session.json.token);
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ id: t.world.bob.userId, email: 'bob@red.test' });
    expect(me.json.teams).toEqual([expect.objectContaining({ id: t.world.red, role: 'member' })]);
    // The subject is linked: the next sign-in finds Bob by it, whatever the email says then.
    const linked = await t.server.ctx.db.pool.query('SELECT user_id FROM tabwise.identities WHERE subject = $1', [
      'bob-sub',
    ]);
    expect(linked.rows).toEqual([{ user_id: t.world.bob.userId }]);
    // Nothing of the code or the session is stored in the clear.
    const flows = await t.server.ctx.db.pool.query('SELECT * FROM tabwise.oidc_flows');
    expect(JSON.stringify(flows.rows)).not.toContain(code);

    expect((await t.call('DELETE', '/v1/session', session.json.token)).status).toBe(204);
    expect((await t.call('GET', '/v1/me', session.json.token)).status).toBe(401);
    // A personal access token is not a session: it is revoked where tokens are (DELETE /v1/tokens/{id}).
    expect((await t.call('DELETE', '/v1/session', t.world.ada.token)).status).toBe(400);
    expect((await t.call('GET', '/v1/me', t.world.ada.token)).status).toBe(200);
  });

  it('a replayed exchange code is refused', async () => {
    const { verifier, back } = await signInAs('bob-sub');
    const code = back.searchParams.get('code')!;
    expect((await exchange(code, verifier)).status).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(again.json.token).toBeUndefined();
  });

  it('a wrong verifier is refused, and spends the code', async () => {
    const { verifier, back } = await signInAs('bob-sub');
    const code = back.searchParams.get('code')!;
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('invalid_request');
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('a code is refused for another redirect URI, and once it is older than a minute', async () => {
    const first = await signInAs('bob-sub');
    const other = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/elsewhere';
    expect((await exchange(first.back.searchParams.get('code')!, first.verifier, other)).status).toBe(400);
    const late = await signInAs('bob-sub');
    await t.server.ctx.db.pool.query(
      `UPDATE tabwise.oidc_flows SET exchange_expires_at = now() - interval '1 second' WHERE exchanged_at IS NULL`,
    );
    expect((await exchange(late.back.searchParams.get('code')!, late.verifier)).status).toBe(400);
  });

  it('a callback whose state is unknown, or was already used, is refused and redirects nowhere', async () => {
    const { challenge } = pkce();
    const callback = `${t.server.url}/v1/auth/oidc/callback`;
    // Stop where the IdP sends the browser back to the server: the real callback, with its code and state.
    const walked = await signInAtIdp(startUrl(challenge), 'bob-sub', callback);
    if (!('redirect' in walked)) throw new Error('the IdP did not come back');
    const forged = new URL(walked.redirect);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const mismatch = await fetch(forged, { redirect: 'manual' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.headers.get('location')).toBeNull();
    const real = await fetch(walked.redirect, { redirect: 'manual' });
    expect(real.status).toBe(302);
    expect(real.headers.get('location')).toMatch(
      /^https:\/\/abcdefghijklmnopabcdefghijklmnop\.chromiumapp\.org\/oidc\?code=/,
    );
    const replay = await fetch(walked.redirect, { redirect: 'manual' });
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
  });

  it('an invited person signs in for the first time and joins; nobody else is let in', async () => {
    const invited = await t.call('POST', `/v1/teams/${t.world.red}/invitations`, t.world.ada.token, {
      email: 'newcomer@red.test',
    });
    expect(invited.status).toBe(201);
    const { verifier, back } = await signInAs('newcomer-sub');
    const session = await exchange(back.searchParams.get('code')!, verifier);
    const me = await t.call('GET', '/v1/me', session.json.token);
    expect(me.json.user).toMatchObject({ email: 'newcomer@red.test', displayName: 'New Comer' });
    expect(me.json.teams).toEqual([expect.objectContaining({ id: t.world.red, role: 'member' })]);
    expect((await t.call('GET', `/v1/teams/${t.world.red}/invitations`, t.world.ada.token)).json).toEqual([]);

    const stranger = await signInAs('nobody-sub');
    expect(stranger.back.searchParams.get('error')).toBe('not_invited');
    expect(stranger.back.searchParams.get('code')).toBeNull();
    const users = await t.server.ctx.db.pool.query(`SELECT 1 FROM tabwise.users WHERE email = 'zed@nowhere.test'`);
    expect(users.rowCount).toBe(0);
  });

  it('an IdP account whose email is not verified does not become the member with that email', async () => {
    const { back } = await signInAs('unverified-sub');
    expect(back.searchParams.get('error')).toBe('no_email');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('an auto-join rule makes a verified email of its domain a member of its team', async () => {
    const joined = await withOwner(t.server.ctx.db.pool, (tx) =>
      linkIdentity(tx, idp.issuer, { sub: 'auto-sub', email: 'Gil@Blue.test', email_verified: true }, [
        { domain: 'blue.test', teamId: t.world.blue },
      ]),
    );
    expect('userId' in joined).toBe(true);
    const member = await t.server.ctx.db.pool.query(
      'SELECT role FROM tabwise.members WHERE team_id = $1 AND user_id = $2',
      [t.world.blue, (joined as { userId: string }).userId],
    );
    expect(member.rows).toEqual([{ role: 'member' }]);
  });

  it('an expired session is refused', async () => {
    const { verifier, back } = await signInAs('bob-sub');
    const session = await exchange(back.searchParams.get('code')!, verifier);
    await t.server.ctx.db.pool.query(
      `UPDATE tabwise.access_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'session'`,
    );
    expect((await t.call('GET', '/v1/me', session.json.token)).status).toBe(401);
  });
});

describe('hostile redirect URIs at the start', () => {
  const refusedUris = [
    'https://evil.example/oidc',
    'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org.evil.example/oidc',
    'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/other-path',
    'https://ponmlkjihgfedcbaponmlkjihgfedcba.chromiumapp.org/oidc',
    'http://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oidc',
    'https://user@abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oidc',
    'javascript:alert(1)',
    '//evil.example/oidc',
  ];
  it.each(refusedUris)('refuses %s with a 400 and no redirect', async (uri) => {
    const res = await fetch(startUrl(pkce().challenge, uri), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('refuses a challenge that is not S256-shaped', async () => {
    const url = startUrl('short').replace('S256', 'plain');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });
});

describe('IdP-issued bearer JWTs', () => {
  const jwt = (claims: Record<string, unknown>, opts: { exp?: string | number; kid?: string } = {}) =>
    new SignJWT({ sub: 'bob-sub', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? idp.kid })
      .setIssuer((claims.iss as string) ?? idp.issuer)
      .setAudience((claims.aud as string) ?? 'tabwise')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m');
  const me = (token: string) => t.call('GET', '/v1/me', token);

  beforeAll(async () => {
    // Bob's subject is linked by a sign-in (the first describe); make sure when this block runs alone.
    await withOwner(t.server.ctx.db.pool, (tx) =>
      linkIdentity(tx, idp.issuer, { sub: 'bob-sub', email: 'bob@red.test', email_verified: true }, []),
    );
  });

  it('accepts a token signed by a key of the JWKS, for this audience and issuer, not expired', async () => {
    const res = await me(await jwt({}).sign(idp.privateKey));
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(t.world.bob.userId);
  });

  it('refuses an expired token', async () => {
    const res = await me(await jwt({}, { exp: Math.floor(Date.now() / 1000) - 120 }).sign(idp.privateKey));
    expect(res.status).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    expect((await me(await jwt({ aud: 'another-app' }).sign(idp.privateKey))).status).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    expect((await me(await jwt({ iss: 'https://idp.evil.example' }).sign(idp.privateKey))).status).toBe(401);
  });

  it('refuses a token signed by another key, under the real kid or another', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await me(await jwt({}).sign(privateKey))).status).toBe(401);
    expect((await me(await jwt({}, { kid: 'attacker' }).sign(privateKey))).status).toBe(401);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'bob-sub' })
      .setIssuer(idp.issuer)
      .setAudience('tabwise')
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect((await me(unsigned)).status).toBe(401);
  });

  it('refuses a token of a subject nobody is linked to and whose email nobody invited', async () => {
    expect(
      (await me(await jwt({ sub: 'someone-else', email: 'x@nowhere.test', email_verified: true }).sign(idp.privateKey)))
        .status,
    ).toBe(401);
  });
});
