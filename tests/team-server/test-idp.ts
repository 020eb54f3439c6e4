/**
 * A real OpenID Connect provider for the tests (`oidc-provider`) on 127.0.0.1 and a free port, with test accounts,
 * its signing key known to the test (so a test can sign tokens the provider's JWKS vouches for, and tokens it does
 * not), consent skipped for its clients, and its development login form, which `signInAtIdp` fills over HTTP with a
 * cookie jar as a browser would (any password: the account is the login).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  /** The provider's signing key, as published in its JWKS under `kid`. */
  privateKey: CryptoKey;
  kid: string;
  /** Starts answering, with these clients (the team server's callback is known only once it listens). */
  configure(clients: ClientMetadata[]): void;
  close(): Promise<void>;
}

export async function startTestIdp(accounts: TestAccount[]): Promise<TestIdp> {
  const server: Server = createServer((_req, res) => {
    res.statusCode = 503;
    res.end('not configured yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kid = 'test-idp-key';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    issuer,
    privateKey,
    kid,
    configure(clients) {
      const provider = new Provider(issuer, {
        clients,
        jwks: { keys: [jwk] },
        cookies: { keys: ['test-cookie-key'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: true } },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        async findAccount(_ctx, sub) {
          const a = accounts.find((x) => x.sub === sub);
          if (!a) return undefined;
          return {
            accountId: sub,
            claims: async () => ({
              sub,
              email: a.email,
              email_verified: a.emailVerified ?? true,
              ...(a.name ? { name: a.name } : {}),
            }),
          };
        },
        // First-party clients: no consent screen (oidc-provider's documented recipe).
        async loadExistingGrant(ctx: KoaContextWithOIDC) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client!.clientId,
            accountId: ctx.oidc.session!.accountId!,
          });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      server.removeAllListeners('request');
      server.on('request', provider.callback());
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Follows redirects from `url` as a browser would (cookies kept per name), signs in at the provider's login form as
 * `login`, and answers the first redirect to an address starting with `stopAt` (the extension's redirect URI), or
 * the response that ended the walk when none came (an error page, say).
 */
export async function signInAtIdp(
  url: string,
  login: string,
  stopAt: string,
): Promise<{ redirect: URL } | { status: number; body: string }> {
  const jar = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init?.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const to = new URL(location, next.url);
      if (to.href.startsWith(stopAt)) return { redirect: to };
      next = { url: to.href };
      continue;
    }
    const body = await res.text();
    if (res.status === 200 && body.includes('name="login"')) {
      const action = /<form[^>]*action="([^"]+)"/.exec(body)![1]!;
      next = {
        url: new URL(action, next.url).href,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
        },
      };
      continue;
    }
    return { status: res.status, body };
  }
  throw new Error('too many redirects');
}
