// The OpenID Connect settings as the operator writes them: what the server may redirect to is checked at start, so a
// mistyped or hostile redirect URI stops the server instead of becoming an open redirect.
import { describe, expect, it } from 'vitest';
import { readTeamServerConfig } from '../../lib/team-server/config';
import { isAllowedRedirect } from '../../lib/team-server/auth/oidc-sign-in';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const oidcEnv = (more: Record<string, string> = {}) => ({
  TEAM_SERVER_OIDC_ISSUER: 'https://idp.example.com',
  TEAM_SERVER_OIDC_CLIENT_ID: 'tabwise',
  TEAM_SERVER_OIDC_REDIRECT_URIS: `https://${ID}.chromiumapp.org/oidc`,
  ...more,
});

describe('OpenID Connect configuration', () => {
  it('is off without an issuer, and reads every knob with one', () => {
    expect(readTeamServerConfig({}).oidc).toBeUndefined();
    const team = '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10';
    const c = readTeamServerConfig(
      oidcEnv({
        TEAM_SERVER_OIDC_CLIENT_SECRET: 's3cret',
        TEAM_SERVER_OIDC_AUTO_JOIN: `Example.com=${team}`,
        TEAM_SERVER_OIDC_REDIRECT_URIS: `https://${ID}.chromiumapp.org/oidc, https://${'b'.repeat(32)}.chromiumapp.org/*`,
        TEAM_SERVER_PUBLIC_URL: 'https://team.example.com/ignored/path',
      }),
    );
    expect(c.oidc).toEqual({
      issuer: 'https://idp.example.com',
      clientId: 'tabwise',
      clientSecret: 's3cret',
      redirectUris: [`https://${ID}.chromiumapp.org/oidc`, `https://${'b'.repeat(32)}.chromiumapp.org/*`],
      audiences: ['tabwise'],
      autoJoin: [{ domain: 'example.com', teamId: team }],
    });
    expect(c.publicUrl).toBe('https://team.example.com');
    expect(c.sessionDays).toBe(30);
  });

  it.each([
    'https://evil.example/oidc',
    `https://${ID}.chromiumapp.org.evil.example/oidc`,
    `http://${ID}.chromiumapp.org/oidc`,
    `https://${ID}.chromiumapp.org/oidc?next=https://evil.example`,
    'https://short.chromiumapp.org/oidc',
  ])('refuses to start with the redirect URI %s', (uri) => {
    expect(() => readTeamServerConfig(oidcEnv({ TEAM_SERVER_OIDC_REDIRECT_URIS: uri }))).toThrow(
      /TEAM_SERVER_OIDC_REDIRECT_URIS/,
    );
  });

  it('refuses an issuer without a client id or redirect URIs, and an auto-join rule it cannot read', () => {
    expect(() => readTeamServerConfig(oidcEnv({ TEAM_SERVER_OIDC_CLIENT_ID: '' }))).toThrow();
    expect(() => readTeamServerConfig(oidcEnv({ TEAM_SERVER_OIDC_REDIRECT_URIS: ' , ' }))).toThrow(
      /TEAM_SERVER_OIDC_REDIRECT_URIS is required/,
    );
    expect(() => readTeamServerConfig(oidcEnv({ TEAM_SERVER_OIDC_AUTO_JOIN: 'example.com=red' }))).toThrow(
      /TEAM_SERVER_OIDC_AUTO_JOIN/,
    );
  });

  it('an origin rule allows its paths only; an exact rule only itself', () => {
    const rules = [`https://${ID}.chromiumapp.org/oidc`, `https://${'b'.repeat(32)}.chromiumapp.org/*`];
    expect(isAllowedRedirect(rules, `https://${ID}.chromiumapp.org/oidc`)).toBe(true);
    expect(isAllowedRedirect(rules, `https://${ID}.chromiumapp.org/oidc/more`)).toBe(false);
    expect(isAllowedRedirect(rules, `https://${ID}.chromiumapp.org/oidc#frag`)).toBe(false);
    expect(isAllowedRedirect(rules, `https://${'b'.repeat(32)}.chromiumapp.org/any/path`)).toBe(true);
    expect(isAllowedRedirect(rules, `https://${'b'.repeat(32)}.chromiumapp.org:8443/any`)).toBe(false);
    expect(isAllowedRedirect(rules, 'not a url')).toBe(false);
  });
});
