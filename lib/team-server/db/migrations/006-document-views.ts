/**
 * Migration 6: short-lived links to the document view (a citation opens the passage in a browser tab).
 *   - document_views: one link, known only as the SHA-256 of its token, made by a member for a document they may
 *     read (the insert policy checks that under the documents policy), and valid for five minutes at most.
 *   - resolve_document_view: the one way to find a link by its token before any caller is set (a tab opened on the
 *     link carries no bearer token); it answers only a live link. The page is then read as the link's maker, so
 *     row-level security decides again whether they may still read the document.
 */
export const migration006 = {
  version: 6,
  name: 'document-views',
  sql: /* sql */ `
CREATE TABLE tabwise.document_views (
  token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES tabwise.documents ON DELETE CASCADE,
  -- The cited passage (the uploaded passage, and the chunk's order in the document), when a citation asked.
  passage int CHECK (passage >= 0),
  position int CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '5 minutes',
  CHECK (expires_at <= created_at + interval '5 minutes')
);
CREATE INDEX document_views_expires ON tabwise.document_views (expires_at);
CREATE INDEX document_views_user ON tabwise.document_views (user_id);
ALTER TABLE tabwise.document_views ENABLE ROW LEVEL SECURITY;
-- One's own links only; a link is made only for a document the caller can read right now.
CREATE POLICY document_views_own ON tabwise.document_views FOR ALL
  USING (user_id = (SELECT tabwise.caller_id()))
  WITH CHECK (
    user_id = (SELECT tabwise.caller_id())
    AND EXISTS (SELECT 1 FROM tabwise.documents d WHERE d.id = document_id)
  );
GRANT SELECT, INSERT, DELETE ON tabwise.document_views TO tabwise_app;

CREATE FUNCTION tabwise.resolve_document_view(hash bytea)
  RETURNS TABLE (user_id uuid, document_id uuid, passage int, "position" int)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tabwise, pg_temp
  AS $$ SELECT v.user_id, v.document_id, v.passage, v.position FROM tabwise.document_views v
        WHERE v.token_hash = hash AND v.expires_at > now() $$;
REVOKE ALL ON FUNCTION tabwise.resolve_document_view(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tabwise.resolve_document_view(bytea) TO tabwise_app;
`,
};
