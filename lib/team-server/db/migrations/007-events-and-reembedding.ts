/**
 * Migration 7: the events clients must hear, and the state of a model change.
 *
 * Events are rows, written by triggers in the same transaction as the change they report (a document indexed,
 * failed or deleted; a team's members changed), so an event exists exactly when its change committed, whichever
 * instance made it. Each row carries the scope, team and owner of what it is about, and the same row-level
 * security as documents decides who reads it: the server's `/v1/events` stream reads the table as the caller.
 * The trigger also sends `pg_notify('tabwise_events', id)`: on a Postgres where LISTEN works across connections,
 * instances wake on it; on the embedded PGlite they poll the table instead (events/event-feed.ts says why).
 *
 * `model_state` says which model searches read (`active_model`) and which one is being embedded (`target_model`):
 * while they differ, search keeps answering from the old vectors, and re-embedding jobs fill in the new ones.
 */
export const migration007 = {
  version: 7,
  name: 'events-and-reembedding',
  sql: /* sql */ `
CREATE TABLE tabwise.events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('document.indexed', 'document.failed', 'document.deleted', 'team.members')),
  scope text NOT NULL CHECK (scope IN ('user', 'team', 'platform')),
  team_id uuid,
  owner_id uuid,
  document_id uuid,
  data jsonb NOT NULL DEFAULT '{}',
  -- The writing transaction: readers take only events of transactions older than every one still running, in
  -- (tx, id) order, so an event that commits late is never skipped by a cursor that has moved past its id.
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_order ON tabwise.events (tx, id);
CREATE INDEX events_created ON tabwise.events (created_at);
ALTER TABLE tabwise.events ENABLE ROW LEVEL SECURITY;
-- What documents_read lets the caller read, on the event's own columns (user events: only their owner).
CREATE POLICY events_read ON tabwise.events FOR SELECT USING (
  scope = 'platform'
  OR (scope = 'team' AND team_id = ANY ((SELECT tabwise.caller_team_ids())::uuid[]))
  OR (scope = 'user' AND owner_id = (SELECT tabwise.caller_id()))
);
GRANT SELECT ON tabwise.events TO tabwise_app;

-- Written as the schema's owner (the writer of the change may not insert events), announced at commit.
CREATE FUNCTION tabwise.emit_event(k text, s text, t uuid, o uuid, d uuid, payload jsonb) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = tabwise, pg_temp AS $$
DECLARE new_id bigint;
BEGIN
  INSERT INTO tabwise.events (kind, scope, team_id, owner_id, document_id, data) VALUES (k, s, t, o, d, payload)
    RETURNING id INTO new_id;
  PERFORM pg_notify('tabwise_events', new_id::text);
END $$;
REVOKE ALL ON FUNCTION tabwise.emit_event(text, text, uuid, uuid, uuid, jsonb) FROM PUBLIC;

CREATE FUNCTION tabwise.documents_emit_event() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM tabwise.emit_event('document.deleted', OLD.scope, OLD.team_id, OLD.owner_id, OLD.id,
      jsonb_build_object('title', OLD.title));
    RETURN OLD;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('indexed', 'failed') THEN
    PERFORM tabwise.emit_event('document.' || NEW.status, NEW.scope, NEW.team_id, NEW.owner_id, NEW.id,
      jsonb_build_object('title', NEW.title, 'chunkCount', NEW.chunk_count, 'model', NEW.model));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER documents_emit_event AFTER UPDATE OF status OR DELETE ON tabwise.documents
  FOR EACH ROW EXECUTE FUNCTION tabwise.documents_emit_event();

-- A team's people changed: its members hear it, and so does the person concerned (who may no longer be one).
CREATE FUNCTION tabwise.members_emit_event() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
DECLARE
  r tabwise.members := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  change text := lower(TG_OP);
BEGIN
  PERFORM tabwise.emit_event('team.members', 'team', r.team_id, NULL, NULL,
    jsonb_build_object('change', change, 'userId', r.user_id, 'role', r.role));
  PERFORM tabwise.emit_event('team.members', 'user', r.team_id, r.user_id, NULL,
    jsonb_build_object('change', change, 'userId', r.user_id, 'role', r.role));
  RETURN r;
END $$;
CREATE TRIGGER members_emit_event AFTER INSERT OR UPDATE OF role OR DELETE ON tabwise.members
  FOR EACH ROW EXECUTE FUNCTION tabwise.members_emit_event();

CREATE TABLE tabwise.model_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  active_model text NOT NULL REFERENCES tabwise.models,
  active_dtype text NOT NULL,
  target_model text NOT NULL REFERENCES tabwise.models,
  target_dtype text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
ALTER TABLE tabwise.model_state ENABLE ROW LEVEL SECURITY;
CREATE POLICY model_state_read ON tabwise.model_state FOR SELECT USING (true);
GRANT SELECT ON tabwise.model_state TO tabwise_app;
`,
};
