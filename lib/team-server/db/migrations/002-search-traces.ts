/**
 * Migration 2: a trace of every search, as the local index keeps one (lib/retrieval/search-trace.ts): a hash of
 * the query, never its text; stage timings; the candidate pool; the top score; a miss when fewer than 2 results
 * passed the floor. A caller reads their own traces; /health reads only aggregates, as the login role.
 */
export const migration002 = {
  version: 2,
  name: 'search-traces',
  sql: /* sql */ `
CREATE TABLE tabwise.search_traces (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  query_hash text NOT NULL CHECK (query_hash ~ '^[0-9a-f]{16}$'),
  model text NOT NULL,
  embed_ms real NOT NULL,
  search_ms real NOT NULL,
  candidates int NOT NULL,
  results int NOT NULL,
  top_score real,
  miss boolean NOT NULL
);
CREATE INDEX search_traces_at ON tabwise.search_traces (at DESC);
ALTER TABLE tabwise.search_traces ENABLE ROW LEVEL SECURITY;
CREATE POLICY search_traces_own ON tabwise.search_traces FOR ALL
  USING (user_id = (SELECT tabwise.caller_id())) WITH CHECK (user_id = (SELECT tabwise.caller_id()));
GRANT SELECT, INSERT ON tabwise.search_traces TO tabwise_app;
`,
};
