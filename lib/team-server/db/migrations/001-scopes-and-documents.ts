/**
 * Migration 1: users, teams, members, access tokens, documents and chunks, with row-level security on every
 * table that holds user data. Isolation is the database's job:
 *   - the application role `tabwise_app` logs in nowhere, has no BYPASSRLS and owns nothing (the owner would
 *     bypass the policies), and requests `SET ROLE` to it inside their transaction (with-caller.ts);
 *   - the caller is `tabwise.caller_id()`, a transaction-local setting; what teams they belong to is read from
 *     `members` by SECURITY DEFINER helpers (so the members policy does not recurse into itself);
 *   - a chunk copies its document's scope, team and owner in a trigger, never from the application, so a chunk's
 *     policy is the document's policy on its own columns (a search needs no join to be filtered).
 * Helpers are called as `(SELECT tabwise.f())` in policies so Postgres evaluates them once per query, not per row.
 */
export const migration001 = {
  version: 1,
  name: 'scopes-and-documents',
  sql: /* sql */ `
CREATE EXTENSION IF NOT EXISTS vector;

DO $$ BEGIN
  CREATE ROLE tabwise_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
-- The login role may SET ROLE to it (and only to it: it is granted nothing else).
GRANT tabwise_app TO CURRENT_USER;

CREATE TABLE tabwise.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 320),
  display_name text NOT NULL DEFAULT '' CHECK (length(display_name) <= 200),
  platform_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tabwise.teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tabwise.members (
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('member', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX members_user ON tabwise.members (user_id);

-- Personal access tokens: only a SHA-256 of the token is kept.
CREATE TABLE tabwise.access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE tabwise.documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('user', 'team', 'platform')),
  -- Platform documents belong to no team; user and team documents to exactly one.
  team_id uuid REFERENCES tabwise.teams ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  source_url text CHECK (length(source_url) <= 4096),
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  lang text CHECK (length(lang) <= 35),
  -- The passages as uploaded (one element for a plain text): chunks never straddle two.
  passages text[] NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'indexing', 'indexed', 'failed')),
  error text,
  attempts int NOT NULL DEFAULT 0,
  chunk_count int NOT NULL DEFAULT 0,
  model text,
  created_at timestamptz NOT NULL DEFAULT now(),
  indexed_at timestamptz,
  CHECK ((scope = 'platform') = (team_id IS NULL))
);
-- Idempotency by content hash, within what one uploader can see: their own user documents, their team's
-- documents, the platform's. A conflict can therefore never reveal a document the uploader may not read.
CREATE UNIQUE INDEX documents_user_hash ON tabwise.documents (owner_id, team_id, content_hash) WHERE scope = 'user';
CREATE UNIQUE INDEX documents_team_hash ON tabwise.documents (team_id, content_hash) WHERE scope = 'team';
CREATE UNIQUE INDEX documents_platform_hash ON tabwise.documents (content_hash) WHERE scope = 'platform';
CREATE INDEX documents_team_created ON tabwise.documents (team_id, created_at DESC);
CREATE INDEX documents_owner_created ON tabwise.documents (owner_id, created_at DESC);

-- Embedding models chunks were embedded with; each has its own HNSW index (ensure-model-index.ts).
CREATE TABLE tabwise.models (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
  dims int NOT NULL CHECK (dims BETWEEN 1 AND 16000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tabwise.chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id uuid NOT NULL REFERENCES tabwise.documents ON DELETE CASCADE,
  -- Copied from the document by chunks_inherit_document: the application cannot set them.
  scope text NOT NULL,
  team_id uuid,
  owner_id uuid NOT NULL,
  document_created_at timestamptz NOT NULL,
  -- Where the passage sits, for citations: its order in the document, the uploaded passage it came from,
  -- and the headings above it.
  position int NOT NULL CHECK (position >= 0),
  passage int NOT NULL CHECK (passage >= 0),
  heading_path text[] NOT NULL DEFAULT '{}',
  text text NOT NULL,
  token_count int NOT NULL,
  model text NOT NULL REFERENCES tabwise.models,
  -- No fixed width here: vectors of different models (and widths) live side by side while a model change
  -- re-embeds, and each model's HNSW index is on (embedding::vector(N)) for its rows only.
  embedding vector NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_id, model, position)
);
CREATE INDEX chunks_tsv ON tabwise.chunks USING gin (tsv);
CREATE INDEX chunks_team ON tabwise.chunks (team_id);

-- Identity and membership, for the policies.
CREATE FUNCTION tabwise.caller_id() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('tabwise.user_id', true), '')::uuid $$;

CREATE FUNCTION tabwise.caller_team_ids() RETURNS uuid[] LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp
  AS $$ SELECT coalesce(array_agg(team_id), '{}') FROM tabwise.members WHERE user_id = tabwise.caller_id() $$;

CREATE FUNCTION tabwise.caller_admin_team_ids() RETURNS uuid[] LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp
  AS $$ SELECT coalesce(array_agg(team_id), '{}') FROM tabwise.members
        WHERE user_id = tabwise.caller_id() AND role = 'admin' $$;

CREATE FUNCTION tabwise.caller_is_platform_admin() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = tabwise, pg_temp
  AS $$ SELECT coalesce((SELECT platform_admin FROM tabwise.users WHERE id = tabwise.caller_id()), false) $$;

-- Resolves a token before any identity is set: the only way the application role reads access_tokens of
-- someone else, and it answers only the user of a live token with exactly this hash.
CREATE FUNCTION tabwise.authenticate_token(hash bytea) RETURNS uuid LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = tabwise, pg_temp
  AS $$ UPDATE tabwise.access_tokens SET last_used_at = now()
        WHERE token_hash = hash AND revoked_at IS NULL RETURNING user_id $$;

CREATE FUNCTION tabwise.chunks_inherit_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Runs as the inserting role, under the documents policy: a document the caller cannot see has no chunks added.
  SELECT d.scope, d.team_id, d.owner_id, d.created_at
    INTO NEW.scope, NEW.team_id, NEW.owner_id, NEW.document_created_at
    FROM tabwise.documents d WHERE d.id = NEW.document_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'document % is not visible', NEW.document_id USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER chunks_inherit_document BEFORE INSERT OR UPDATE ON tabwise.chunks
  FOR EACH ROW EXECUTE FUNCTION tabwise.chunks_inherit_document();

ALTER TABLE tabwise.users ENABLE ROW LEVEL SECURITY;
ALTER TABLE tabwise.teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE tabwise.members ENABLE ROW LEVEL SECURITY;
ALTER TABLE tabwise.access_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE tabwise.documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE tabwise.chunks ENABLE ROW LEVEL SECURITY;

-- Yourself, and the people of your teams.
CREATE POLICY users_read ON tabwise.users FOR SELECT USING (
  id = (SELECT tabwise.caller_id())
  OR id IN (SELECT m.user_id FROM tabwise.members m WHERE m.team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]))
);
CREATE POLICY teams_read ON tabwise.teams FOR SELECT USING (id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]));
CREATE POLICY members_read ON tabwise.members FOR SELECT USING (team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]));
CREATE POLICY members_admin_insert ON tabwise.members FOR INSERT
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
CREATE POLICY members_admin_update ON tabwise.members FOR UPDATE
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]))
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
CREATE POLICY members_admin_delete ON tabwise.members FOR DELETE
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
CREATE POLICY tokens_own ON tabwise.access_tokens FOR ALL
  USING (user_id = (SELECT tabwise.caller_id())) WITH CHECK (user_id = (SELECT tabwise.caller_id()));

-- Readable: the platform's, your teams', your own.
CREATE POLICY documents_read ON tabwise.documents FOR SELECT USING (
  scope = 'platform'
  OR (scope = 'team' AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]))
  OR (scope = 'user' AND owner_id = (SELECT tabwise.caller_id()))
);
-- Written by their owner, into a team they belong to (platform documents: platform admins only).
CREATE POLICY documents_insert ON tabwise.documents FOR INSERT WITH CHECK (
  owner_id = (SELECT tabwise.caller_id())
  AND (
    (scope IN ('user', 'team') AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]))
    OR (scope = 'platform' AND (SELECT tabwise.caller_is_platform_admin()))
  )
);
CREATE POLICY documents_update ON tabwise.documents FOR UPDATE
  USING (owner_id = (SELECT tabwise.caller_id())) WITH CHECK (owner_id = (SELECT tabwise.caller_id()));
-- Deleted by their owner, by an admin of their team, or (platform) by a platform admin.
CREATE POLICY documents_delete ON tabwise.documents FOR DELETE USING (
  owner_id = (SELECT tabwise.caller_id())
  OR (scope = 'team' AND team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]))
  OR (scope = 'platform' AND (SELECT tabwise.caller_is_platform_admin()))
);

CREATE POLICY chunks_read ON tabwise.chunks FOR SELECT USING (
  scope = 'platform'
  OR (scope = 'team' AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]))
  OR (scope = 'user' AND owner_id = (SELECT tabwise.caller_id()))
);
CREATE POLICY chunks_write ON tabwise.chunks FOR INSERT WITH CHECK (owner_id = (SELECT tabwise.caller_id()));
CREATE POLICY chunks_delete ON tabwise.chunks FOR DELETE USING (owner_id = (SELECT tabwise.caller_id()));
CREATE POLICY models_read ON tabwise.models FOR SELECT USING (true);
ALTER TABLE tabwise.models ENABLE ROW LEVEL SECURITY;

GRANT USAGE ON SCHEMA tabwise TO tabwise_app;
GRANT SELECT ON tabwise.users, tabwise.teams, tabwise.members, tabwise.access_tokens, tabwise.documents,
  tabwise.chunks, tabwise.models TO tabwise_app;
GRANT INSERT, DELETE ON tabwise.members, tabwise.access_tokens, tabwise.documents, tabwise.chunks TO tabwise_app;
GRANT UPDATE (role) ON tabwise.members TO tabwise_app;
GRANT UPDATE (name, revoked_at) ON tabwise.access_tokens TO tabwise_app;
GRANT UPDATE (title, status, error, attempts, chunk_count, model, indexed_at) ON tabwise.documents TO tabwise_app;
GRANT EXECUTE ON FUNCTION tabwise.caller_id(), tabwise.caller_team_ids(), tabwise.caller_admin_team_ids(),
  tabwise.caller_is_platform_admin(), tabwise.authenticate_token(bytea) TO tabwise_app;
`,
};
