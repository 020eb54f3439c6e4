/**
 * Migration 13: a model's HNSW graph per team, and one for the platform. A model had one graph over every chunk,
 * and under row-level security a search walked it through the other teams' chunks too (two thirds of what it
 * read, on the bench's three teams), which took a candidate list of 300 to keep recall@10 at 0.95. Each team's
 * chunks (its team documents and its members' own) now have a partial index of their own, `model = <id> AND
 * team_id = <team>`, and the platform's chunks one with `team_id IS NULL`: every chunk is in exactly one. Search
 * (search-chunks.ts) reads the graphs of the caller's teams and the platform's; the policies still decide which
 * rows come back, whatever graph is read.
 *
 * - `chunk_index_name` names a model's index for a team (NULL: the platform's), as ensure-model-index.ts does.
 * - `ensure_chunk_index` builds one (idempotent), with the graph's settings (m 16, ef_construction 128).
 * - A team's insert builds its graphs for the models searched and embedded now (`model_state`); its delete drops
 *   them. `drop_model_chunk_indexes` drops every graph of a model (a finished model change, the bench's reload).
 * - `searched_team_ids` is the teams whose graphs a caller's search reads: those they are a member of, and those
 *   holding their own documents (kept when they leave a team, and still theirs to read). The server remembers it
 *   per person and every search checks it (searched-teams.ts).
 */
export const migration013 = {
  version: 13,
  name: 'team-vector-indexes',
  sql: /* sql */ `
CREATE FUNCTION tabwise.chunk_index_name(model text, team uuid) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT 'chunks_hnsw_' || left(encode(sha256(convert_to(model, 'UTF8')), 'hex'), 16) || '_'
               || coalesce(replace(team::text, '-', ''), 'platform') $$;

CREATE FUNCTION tabwise.ensure_chunk_index(model text, dims int, team uuid) RETURNS void LANGUAGE plpgsql
  SET search_path = tabwise, public, pg_temp AS $$
BEGIN
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON tabwise.chunks USING hnsw ((embedding::vector(%s)) vector_cosine_ops)'
                 ' WITH (m = 16, ef_construction = 128) WHERE model = %L AND team_id %s',
                 tabwise.chunk_index_name(model, team), dims, model,
                 CASE WHEN team IS NULL THEN 'IS NULL' ELSE format('= %L::uuid', team) END);
END $$;

CREATE FUNCTION tabwise.drop_model_chunk_indexes(model text) RETURNS void LANGUAGE plpgsql
  SET search_path = tabwise, pg_temp AS $$
DECLARE
  i text;
BEGIN
  FOR i IN SELECT indexname FROM pg_indexes WHERE schemaname = 'tabwise' AND tablename = 'chunks'
              AND indexname LIKE 'chunks\\_hnsw\\_' || left(encode(sha256(convert_to(model, 'UTF8')), 'hex'), 16) || '%' LOOP
    EXECUTE format('DROP INDEX tabwise.%I', i);
  END LOOP;
END $$;

CREATE FUNCTION tabwise.team_chunk_indexes() RETURNS trigger LANGUAGE plpgsql
  SET search_path = tabwise, pg_temp AS $$
DECLARE
  m record;
BEGIN
  FOR m IN SELECT DISTINCT md.id, md.dims FROM tabwise.models md, tabwise.model_state s
            WHERE md.id IN (s.active_model, s.target_model) LOOP
    IF TG_OP = 'INSERT' THEN
      PERFORM tabwise.ensure_chunk_index(m.id, m.dims, NEW.id);
    ELSE
      EXECUTE format('DROP INDEX IF EXISTS tabwise.%I', tabwise.chunk_index_name(m.id, OLD.id));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER teams_chunk_indexes AFTER INSERT OR DELETE ON tabwise.teams
  FOR EACH ROW EXECUTE FUNCTION tabwise.team_chunk_indexes();

CREATE FUNCTION tabwise.searched_team_ids(who uuid) RETURNS uuid[] LANGUAGE plpgsql STABLE
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  RETURN (
    WITH RECURSIVE own(team) AS (
      SELECT (SELECT d.team_id FROM tabwise.documents d WHERE d.scope = 'user' AND d.owner_id = who
               ORDER BY d.team_id LIMIT 1)
      UNION ALL
      SELECT (SELECT d.team_id FROM tabwise.documents d
               WHERE d.scope = 'user' AND d.owner_id = who AND d.team_id > own.team ORDER BY d.team_id LIMIT 1)
        FROM own WHERE own.team IS NOT NULL)
    SELECT coalesce(array_agg(t ORDER BY t), '{}') FROM (
      SELECT m.team_id AS t FROM tabwise.members m WHERE m.user_id = who
      UNION SELECT own.team FROM own WHERE own.team IS NOT NULL) x);
END $$;
`,
};
