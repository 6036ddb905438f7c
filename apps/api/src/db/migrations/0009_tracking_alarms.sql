CREATE TABLE "tracking_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"arrival_mode" text NOT NULL,
	"geofence_radius_m" integer NOT NULL,
	"diversion_alerts" boolean NOT NULL,
	"min_corridor_km" integer NOT NULL,
	"stop_alerts" boolean NOT NULL,
	"stop_minutes" integer NOT NULL,
	"night_alerts" boolean NOT NULL,
	"night_from_hour" integer NOT NULL,
	"night_to_hour" integer NOT NULL,
	"silence_alerts" boolean NOT NULL,
	"silence_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_watches" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"checked_until" timestamp with time zone,
	"proposed_status" text,
	"proposed_at" timestamp with time zone,
	"watched_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD COLUMN "alarm" text;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "tracking_settings" ADD CONSTRAINT "tracking_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_watches" ADD CONSTRAINT "trip_watches_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_watches_due_idx" ON "trip_watches" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "trips_lane_idx" ON "trips" USING btree ((coalesce("pickup_terminal_id"::text, ("pickup_address"->>'state') || '/' || ("pickup_address"->>'lga'))),(coalesce("recipient_terminal_id"::text, ("recipient_address"->>'state') || '/' || ("recipient_address"->>'lga'))),"latest_status_at" DESC NULLS LAST) WHERE completed;--> statement-breakpoint
-- An arrival proposed or withdrawn by the trip watch shows on the trip page, so it is announced like
-- every other change to a trip.
CREATE TRIGGER trip_watches_notify_changed AFTER UPDATE OF proposed_status ON trip_watches
  FOR EACH ROW WHEN (OLD.proposed_status IS DISTINCT FROM NEW.proposed_status)
  EXECUTE FUNCTION notify_trip_changed();
