-- The session cache (migration 0004) also remembers each user's profile (GET /user/me: the user and the
-- company as the account pages show them), so every column the profile shows is announced when it
-- changes, not only those the session check reads.
DROP TRIGGER users_notify_principal_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_principal_changed
  AFTER UPDATE OF company_id, email, phone_number, first_name, last_name, user_type, activated_at,
    deactivated_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('u');
--> statement-breakpoint
DROP TRIGGER companies_notify_principal_changed ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_notify_principal_changed
  AFTER UPDATE OF name, type, cac_registration_number, tin, address, contact_name, contact_phone,
    contact_email, verification_status, rejection_reason OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed('c');
