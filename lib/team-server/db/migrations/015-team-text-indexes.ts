/**
 * Migration 15: full-text indexes per team and one for the platform, as migration 13 gave the HNSW graphs. The
 * search's full-text side read every team's matches out of the one GIN index and visited each of their rows only
 * for the policies to drop two thirds of them (on the bench's three teams). Each team's chunks now have a partial
 * GIN index of their own (`team_id = <team>`), the platform's one (`team_id IS NULL`), built here for the teams
 * there are, and by the teams table's trigger for those to come; the one over every chunk is dropped, as nothing
 * reads it any more (search-chunks.ts reads the caller's teams' and the platform's). Like the one before, none
 * keeps a pending list (migration 10). The policies still decide which rows come back, whatever index is read.
 */
export const migration015 = {
  version: 15,
  name: 'team-text-indexes',
  sql: /* sql */ `
CREATE FUNCTION tabwise.text_index_name(team uuid) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT 'chunks_tsv_' || coalesce(replace(team::text, '-', ''), 'platform') $$;

CREATE FUNCTION tabwise.ensure_text_index(team uuid) RETURNS void LANGUAGE plpgsql
  SET search_path = tabwise, public, pg_temp AS $$
BEGIN
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON tabwise.chunks USING gin (tsv) WITH (fastupdate = off) WHERE team_id %s',
                 tabwise.text_index_name(team),
                 CASE WHEN team IS NULL THEN 'IS NULL' ELSE format('= %L::uuid', team) END);
END $$;

CREATE OR REPLACE FUNCTION tabwise.team_chunk_indexes() RETURNS trigger LANGUAGE plpgsql
  SET search_path = tabwise, pg_temp AS $$
DECLARE
  m record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tabwise.ensure_text_index(NEW.id);
  ELSE
    EXECUTE format('DROP INDEX IF EXISTS tabwise.%I', tabwise.text_index_name(OLD.id));
  END IF;
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

SELECT tabwise.ensure_text_index(t.id) FROM (SELECT NULL::uuid AS id UNION ALL SELECT id FROM tabwise.teams) t;
DROP INDEX tabwise.chunks_tsv;
`,
};
