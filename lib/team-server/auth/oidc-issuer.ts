/**
 * The team's identity provider as the server talks to it: its discovery document (read with `openid-client` at first
 * use and kept; a failure is tried again next time, so the server starts while the IdP is down), and the check of an
 * IdP-issued bearer JWT with `jose` against the issuer's JWKS. Plain http is allowed only for an issuer on this
 * machine (tests, trying it out).
 */
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../config';

/** Asymmetric algorithms only: a JWKS never holds a shared secret, and `none` is never a signature. */
export const IDP_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

export interface OidcIssuer {
  readonly config: OidcConfig;
  /** openid-client's configuration of the IdP and this client. */
  discover(): Promise<client.Configuration>;
  /**
   * The claims of an IdP-issued JWT (ID or access token) whose signature is by a key of the issuer's JWKS, whose
   * `iss` is the issuer, whose `aud` names one of the configured audiences and which has not expired; otherwise
   * it throws (jose's error, for the log only).
   */
  verifyJwt(token: string): Promise<JWTPayload & { sub: string }>;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export function createOidcIssuer(config: OidcConfig): OidcIssuer {
  const issuerUrl = new URL(config.issuer);
  const insecure = issuerUrl.protocol === 'http:' && isLoopback(issuerUrl);
  if (issuerUrl.protocol !== 'https:' && !insecure)
    throw new Error('TEAM_SERVER_OIDC_ISSUER must be https (http only on this machine)');
  let discovered: Promise<client.Configuration> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const discover = () => {
    discovered ??= client
      .discovery(
        issuerUrl,
        config.clientId,
        config.clientSecret,
        config.clientSecret ? client.ClientSecretBasic(config.clientSecret) : client.None(),
        insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    config,
    discover,
    async verifyJwt(token) {
      const metadata = (await discover()).serverMetadata();
      if (!metadata.jwks_uri) throw new Error('the identity provider publishes no JWKS');
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
      const { payload } = await jwtVerify(token, jwks, {
        issuer: metadata.issuer,
        audience: config.audiences,
        algorithms: IDP_TOKEN_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 30,
      });
      return payload as JWTPayload & { sub: string };
    },
  };
}
