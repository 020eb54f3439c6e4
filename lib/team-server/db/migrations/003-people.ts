/**
 * Migration 3: people. Admins invite (a single-use, expiring invitation whose token is kept only as a SHA-256)
 * and remove members; removing someone from their last team revokes their tokens in the same statement; a team
 * always keeps an admin. Emails compare case-insensitively from here on (the API lowers them).
 *   - invitations: readable and writable by the admins of their team only (row-level security);
 *   - redeeming runs in `tabwise.redeem_invitation`, SECURITY DEFINER, because the person redeeming may not
 *     exist yet: it answers only for a live invitation with exactly this hash, and adds an existing person only
 *     when they are the caller (a leaked invitation cannot sign anyone in as someone who already has data);
 *   - the revocation is an AFTER DELETE trigger on members, so it follows from any delete the policies allowed
 *     (an admin's, a team deleted by the operator), and from nothing else.
 */
export const migration003 = {
  version: 3,
  name: 'people',
  sql: /* sql */ `
CREATE UNIQUE INDEX users_email_lower ON tabwise.users (lower(email));

CREATE TABLE tabwise.invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES tabwise.teams ON DELETE CASCADE,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320 AND email = lower(email)),
  role text NOT NULL CHECK (role IN ('member', 'admin')),
  token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  invited_by uuid NOT NULL REFERENCES tabwise.users ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES tabwise.users ON DELETE SET NULL,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX invitations_team ON tabwise.invitations (team_id, created_at DESC);
ALTER TABLE tabwise.invitations ENABLE ROW LEVEL SECURITY;
CREATE POLICY invitations_read ON tabwise.invitations FOR SELECT
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
CREATE POLICY invitations_insert ON tabwise.invitations FOR INSERT
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]) AND invited_by = (SELECT tabwise.caller_id()));
CREATE POLICY invitations_revoke ON tabwise.invitations FOR UPDATE
  USING (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]))
  WITH CHECK (team_id = ANY ((SELECT tabwise.caller_admin_team_ids())::uuid[]));
GRANT SELECT, INSERT ON tabwise.invitations TO tabwise_app;
GRANT UPDATE (revoked_at) ON tabwise.invitations TO tabwise_app;

CREATE FUNCTION tabwise.redeem_invitation(hash bytea, new_display_name text)
  RETURNS TABLE (user_id uuid, team_id uuid, role text, created boolean)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = tabwise, pg_temp AS $$
DECLARE
  inv tabwise.invitations;
  uid uuid;
  made boolean := false;
BEGIN
  SELECT * INTO inv FROM tabwise.invitations i WHERE i.token_hash = hash FOR UPDATE;
  IF NOT FOUND OR inv.accepted_at IS NOT NULL OR inv.revoked_at IS NOT NULL OR inv.expires_at <= now() THEN
    RAISE EXCEPTION 'no such invitation, or it was used, revoked or has expired' USING ERRCODE = 'TW404';
  END IF;
  SELECT u.id INTO uid FROM tabwise.users u WHERE lower(u.email) = inv.email;
  IF uid IS NULL THEN
    IF tabwise.caller_id() IS NOT NULL THEN
      RAISE EXCEPTION 'this invitation is for someone else' USING ERRCODE = '42501';
    END IF;
    INSERT INTO tabwise.users (email, display_name) VALUES (inv.email, coalesce(new_display_name, ''))
      RETURNING id INTO uid;
    made := true;
  ELSIF tabwise.caller_id() IS DISTINCT FROM uid THEN
    RAISE EXCEPTION 'sign in as the invited person to accept' USING ERRCODE = '42501';
  END IF;
  INSERT INTO tabwise.members AS m (team_id, user_id, role) VALUES (inv.team_id, uid, inv.role)
    ON CONFLICT ON CONSTRAINT members_pkey DO UPDATE
    SET role = CASE WHEN m.role = 'admin' THEN 'admin' ELSE EXCLUDED.role END;
  UPDATE tabwise.invitations SET accepted_at = now(), accepted_by = uid WHERE id = inv.id;
  RETURN QUERY SELECT uid, inv.team_id, inv.role, made;
END $$;
GRANT EXECUTE ON FUNCTION tabwise.redeem_invitation(bytea, text) TO tabwise_app;

-- A team keeps an admin: the last one can neither leave nor be demoted (unless the team itself is going).
CREATE FUNCTION tabwise.members_keep_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'admin' AND (TG_OP = 'DELETE' OR NEW.role <> 'admin')
     AND EXISTS (SELECT 1 FROM tabwise.teams t WHERE t.id = OLD.team_id)
     AND NOT EXISTS (SELECT 1 FROM tabwise.members m
                      WHERE m.team_id = OLD.team_id AND m.role = 'admin' AND m.user_id <> OLD.user_id) THEN
    RAISE EXCEPTION 'a team keeps at least one admin' USING ERRCODE = 'TW409';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER members_keep_an_admin BEFORE DELETE OR UPDATE OF role ON tabwise.members
  FOR EACH ROW EXECUTE FUNCTION tabwise.members_keep_an_admin();

-- Removed from their last team (and not a platform admin): every token of theirs stops working now.
CREATE FUNCTION tabwise.members_revoke_on_removal() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = tabwise, pg_temp AS $$
BEGIN
  UPDATE tabwise.access_tokens a SET revoked_at = now()
   WHERE a.user_id = OLD.user_id AND a.revoked_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM tabwise.members m WHERE m.user_id = OLD.user_id)
     AND NOT coalesce((SELECT u.platform_admin FROM tabwise.users u WHERE u.id = OLD.user_id), false);
  RETURN OLD;
END $$;
CREATE TRIGGER members_revoke_on_removal AFTER DELETE ON tabwise.members
  FOR EACH ROW EXECUTE FUNCTION tabwise.members_revoke_on_removal();
`,
};
