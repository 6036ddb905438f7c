CREATE TABLE "revoked_tracking_links" (
	"tracking_id" text PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ongoing_share_id" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "tracking_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revoked_tracking_links" ADD CONSTRAINT "revoked_tracking_links_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_tracking_links" ADD CONSTRAINT "revoked_tracking_links_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_tracking_links_trip_idx" ON "revoked_tracking_links" USING btree ("trip_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_ongoing_share_id_unique" UNIQUE("ongoing_share_id");--> statement-breakpoint
-- Live public pages: every change a tracking page or an ongoing table shows is announced on the
-- trip_changed channel as "<trip id>,<customer company id>". NOTIFY is delivered at commit, so a
-- rolled-back change announces nothing, and PostgreSQL drops duplicate payloads within a transaction.
CREATE FUNCTION notify_trip_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_trip uuid;
  customer uuid;
BEGIN
  IF TG_TABLE_NAME = 'trips' THEN
    changed_trip := NEW.id;
    customer := NEW.customer_company_id;
  ELSE
    changed_trip := NEW.trip_id;
    SELECT customer_company_id INTO customer FROM trips WHERE id = NEW.trip_id;
  END IF;
  PERFORM pg_notify('trip_changed', changed_trip::text || ',' || coalesce(customer::text, ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trips_notify_changed AFTER UPDATE ON trips
  FOR EACH ROW EXECUTE FUNCTION notify_trip_changed();
--> statement-breakpoint
CREATE TRIGGER trip_status_logs_notify_changed AFTER INSERT OR UPDATE ON trip_status_logs
  FOR EACH ROW EXECUTE FUNCTION notify_trip_changed();
--> statement-breakpoint
CREATE TRIGGER trip_issues_notify_changed AFTER INSERT OR UPDATE ON trip_issues
  FOR EACH ROW EXECUTE FUNCTION notify_trip_changed();
--> statement-breakpoint
CREATE TRIGGER consignments_notify_changed AFTER UPDATE ON consignments
  FOR EACH ROW EXECUTE FUNCTION notify_trip_changed();
