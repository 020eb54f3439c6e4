/**
 * Migration 5: signing in with the team's identity provider (OpenID Connect).
 *   - identities: which IdP subject (issuer + `sub`) is which person. Only the login role reads or writes it (no
 *     grant to the application role): a person is found for a subject before any caller exists.
 *   - oidc_flows: one sign-in in progress, kept in the database because instances are stateless (the IdP may send
 *     the browser back to another instance). Its `state` is known only as a SHA-256, taken once at the callback;
 *     the exchange code it then gets is a SHA-256 too, single use and short-lived, and bound to the extension's
 *     PKCE challenge and redirect URI.
 *   - access tokens get a kind (a personal token, or a sign-in session) and an expiry, which
 *     `authenticate_token` now honours.
 */
export const migration005 = {
  version: 5,
  name: 'oidc-sign-in',
  sql: /* sql */ `
CREATE TABLE tabwise.identities (
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX identities_user ON tabwise.identities (user_id);
ALTER TABLE tabwise.identities ENABLE ROW LEVEL SECURITY;

CREATE TABLE tabwise.oidc_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state_hash bytea NOT NULL UNIQUE CHECK (length(state_hash) = 32),
  nonce text NOT NULL,
  idp_verifier text NOT NULL,
  redirect_uri text NOT NULL CHECK (length(redirect_uri) <= 2000),
  client_state text CHECK (length(client_state) <= 500),
  code_challenge text NOT NULL CHECK (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  returned_at timestamptz,
  exchange_hash bytea UNIQUE CHECK (length(exchange_hash) = 32),
  user_id uuid REFERENCES tabwise.users ON DELETE CASCADE,
  exchange_expires_at timestamptz,
  exchanged_at timestamptz
);
CREATE INDEX oidc_flows_expires ON tabwise.oidc_flows (expires_at);
ALTER TABLE tabwise.oidc_flows ENABLE ROW LEVEL SECURITY;

ALTER TABLE tabwise.access_tokens
  ADD COLUMN kind text NOT NULL DEFAULT 'personal' CHECK (kind IN ('personal', 'session')),
  ADD COLUMN expires_at timestamptz;

CREATE OR REPLACE FUNCTION tabwise.authenticate_token(hash bytea) RETURNS uuid LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = tabwise, pg_temp
  AS $$ UPDATE tabwise.access_tokens SET last_used_at = now()
        WHERE token_hash = hash AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
        RETURNING user_id $$;
`,
};
