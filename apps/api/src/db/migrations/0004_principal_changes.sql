-- Who a signed-in request acts for (a live session, an active user, the company's type and
-- verification) is cached per API instance. Every change to what that check reads is announced on the
-- principal_changed channel as "s:<session id>", "u:<user id>" or "c:<company id>", so each instance
-- drops what it cached. Triggers announce it whatever code path makes the change; NOTIFY is delivered
-- at commit, so a rolled-back change announces nothing.
CREATE FUNCTION notify_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('principal_changed', TG_ARGV[0] || ':' || changed.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_principal_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('s');
--> statement-breakpoint
CREATE TRIGGER users_notify_principal_changed
  AFTER UPDATE OF company_id, first_name, user_type, activated_at, deactivated_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('u');
--> statement-breakpoint
CREATE TRIGGER companies_notify_principal_changed
  AFTER UPDATE OF type, verification_status OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('c');
