// "Sign in with your organisation" in the background, with real IndexedDB and WebCrypto: what the web auth flow is
// opened with (the server's start page, an S256 challenge of a fresh verifier, a state), the exchange of the code
// with that verifier, the answers refused (another state, another address, the server's refusals, a closed window),
// the session kept encrypted like a token, and signing out ending the session on the server.
import { describe, expect, it } from 'vitest';
import { createTeamHandlers } from '../../../lib/background/handlers/team-handlers';
import { openTabwiseDb } from '../../../lib/storage/db';
import { pkceChallenge, type WebAuthFlow } from '../../../lib/tools/team/organisation-sign-in';
import { createTeamConnectionStore } from '../../../lib/tools/team/team-connection-store';

const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/oidc';
const SERVER = 'https://team.example.com';
const SESSION = `tws_${'s'.repeat(43)}`;
const CODE = 'c'.repeat(43);
const ME = {
  user: { id: 'u1', email: 'ada@example.com', displayName: 'Ada' },
  teams: [{ id: 't1', name: 'Research', role: 'admin' }],
};

/** A fake team server that offers OIDC, exchanges CODE for SESSION when the verifier matches, and records requests. */
function fakeServer() {
  const seen: { method: string; url: string; auth: string | null; body?: Record<string, string> }[] = [];
  let challenge = '';
  let down = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const auth = new Headers(init?.headers).get('authorization');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    seen.push({ method: init?.method ?? 'GET', url: url.href, auth, ...(body ? { body } : {}) });
    if (down) throw new TypeError('Failed to fetch');
    if (url.pathname === '/v1/auth/config') return Response.json({ oidc: true });
    if (url.pathname === '/v1/auth/oidc/exchange') {
      const ok = body?.code === CODE && (await pkceChallenge(body.code_verifier!)) === challenge;
      return ok
        ? Response.json({ token: SESSION, expiresAt: '2027-01-01T00:00:00.000Z' })
        : Response.json({ error: { code: 'invalid_request', message: 'no' } }, { status: 400 });
    }
    if (url.pathname === '/v1/me' && auth === `Bearer ${SESSION}`) return Response.json(ME);
    if (url.pathname === '/v1/session' && init?.method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 });
  };
  return { fetch, seen, setChallenge: (c: string) => (challenge = c), setDown: (d: boolean) => (down = d) };
}

/** A web auth flow that answers `answer(startUrl)`, recording the URLs it was opened with. */
function webAuth(answer: (start: URL) => string | Promise<string>): WebAuthFlow & { opened: URL[] } {
  const opened: URL[] = [];
  return {
    redirectUrl: REDIRECT,
    opened,
    launch: async (url) => {
      opened.push(new URL(url));
      return answer(new URL(url));
    },
  };
}

async function setUp(flow: WebAuthFlow, server = fakeServer()) {
  const db = await openTabwiseDb(`tabwise-team-oidc-${crypto.randomUUID()}`);
  const store = createTeamConnectionStore(db, async () => undefined);
  const h = createTeamHandlers({ store, fetch: server.fetch, now: () => 1000, webAuth: flow });
  await h['team.setUrl']({ url: SERVER });
  return { db, store, h, server };
}

const back = (start: URL, params: Record<string, string>) =>
  `${REDIRECT}?${new URLSearchParams({ state: start.searchParams.get('state')!, ...params })}`;

describe('sign in with your organisation', () => {
  it('says the server offers it, opens the start page with a fresh S256 challenge, and keeps the session', async () => {
    const server = fakeServer();
    const flow = webAuth((start) => {
      server.setChallenge(start.searchParams.get('code_challenge')!);
      return back(start, { code: CODE });
    });
    const { db, store, h } = await setUp(flow, server);
    expect(await h['team.get']({})).toMatchObject({ signedIn: false, organisationSignIn: true });

    const view = await h['team.signInOrganisation']({});
    expect(view).toMatchObject({ signedIn: true, status: 'connected', identity: ME });
    const start = flow.opened[0]!;
    expect(start.origin + start.pathname).toBe(`${SERVER}/v1/auth/oidc/start`);
    expect(start.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(start.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(start.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The verifier went only to the exchange, and it is the one the challenge was made from.
    const exchange = server.seen.find((r) => r.url.endsWith('/v1/auth/oidc/exchange'))!;
    expect(exchange.body).toMatchObject({ code: CODE, redirect_uri: REDIRECT });
    expect(await pkceChallenge(exchange.body!.code_verifier!)).toBe(start.searchParams.get('code_challenge'));
    expect(start.href).not.toContain(exchange.body!.code_verifier);
    expect(await store.credentials()).toEqual({ url: SERVER, token: SESSION });
    expect(JSON.stringify(await db.get('settings', 'teamServer'))).not.toContain(SESSION);
    expect(JSON.stringify(view)).not.toContain(SESSION);

    // Signing out ends the session on the server, with the session itself.
    const before = server.seen.length;
    // Signed out, the view says again that the organisation's sign-in is offered.
    expect(await h['team.signOut']({})).toMatchObject({ signedIn: false, organisationSignIn: true });
    expect(server.seen.slice(before).filter((r) => r.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `${SERVER}/v1/session`, auth: `Bearer ${SESSION}` },
    ]);
    expect(await store.credentials()).toBeUndefined();
    db.close();
  });

  it('two sign-ins use two verifiers and two states', async () => {
    const flow = webAuth((start) => back(start, { error: 'access_denied' }));
    const { db, h } = await setUp(flow);
    await expect(h['team.signInOrganisation']({})).rejects.toThrow();
    await expect(h['team.signInOrganisation']({})).rejects.toThrow();
    const [a, b] = flow.opened;
    expect(a!.searchParams.get('code_challenge')).not.toBe(b!.searchParams.get('code_challenge'));
    expect(a!.searchParams.get('state')).not.toBe(b!.searchParams.get('state'));
    db.close();
  });

  it.each([
    [
      'another state',
      () => `${REDIRECT}?state=not-ours&code=${CODE}`,
      'The sign-in could not be completed. Try again.',
    ],
    [
      'another address',
      (s: URL) => back(s, { code: CODE }).replace('/oidc', '/elsewhere'),
      'The sign-in could not be completed. Try again.',
    ],
    ['no code', (s: URL) => back(s, {}), 'The sign-in could not be completed. Try again.'],
    [
      'not invited',
      (s: URL) => back(s, { error: 'not_invited' }),
      'Your organisation account is not invited to this team server.',
    ],
    ['no verified email', (s: URL) => back(s, { error: 'no_email' }), 'did not confirm an email address'],
    [
      'a code the server refuses',
      (s: URL) => back(s, { code: 'x'.repeat(43) }),
      'The sign-in could not be completed. Try again.',
    ],
  ])('refuses an answer with %s, and stays signed out', async (_name, answer, message) => {
    const { db, store, h } = await setUp(webAuth(answer));
    await expect(h['team.signInOrganisation']({})).rejects.toThrow(message);
    expect((await store.view()).signedIn).toBe(false);
    db.close();
  });

  it('a closed window (or a start page that cannot load) is said in the user words', async () => {
    const flow: WebAuthFlow = {
      redirectUrl: REDIRECT,
      launch: () => Promise.reject(new Error('The user did not approve access.')),
    };
    const { db, h } = await setUp(flow);
    await expect(h['team.signInOrganisation']({})).rejects.toThrow(
      'Sign-in was cancelled, or the sign-in page could not be opened.',
    );
    db.close();
  });

  it('a server that cannot be told at sign-out still signs out here, and says the session lives until it expires', async () => {
    const server = fakeServer();
    const flow = webAuth((start) => {
      server.setChallenge(start.searchParams.get('code_challenge')!);
      return back(start, { code: CODE });
    });
    const { db, store, h } = await setUp(flow, server);
    await h['team.signInOrganisation']({});
    server.setDown(true);
    const view = await h['team.signOut']({});
    expect(view).toMatchObject({ signedIn: false });
    expect(view.error).toBe(
      'Signed out on this device. The server could not be told, so the session ends when it expires.',
    );
    expect(await store.credentials()).toBeUndefined();
    db.close();
  });
});
