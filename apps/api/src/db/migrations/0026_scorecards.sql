CREATE TABLE "company_lanes" (
	"company_id" uuid NOT NULL,
	"pickup_state" text NOT NULL,
	"delivery_state" text NOT NULL,
	"trips" integer NOT NULL,
	CONSTRAINT "company_lanes_company_id_pickup_state_delivery_state_pk" PRIMARY KEY("company_id","pickup_state","delivery_state")
);
--> statement-breakpoint
CREATE TABLE "company_scorecards" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"side" text NOT NULL,
	"figures" jsonb NOT NULL,
	"score" integer,
	"trips" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorecard_refresh_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_tracking_coverage" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"slots" integer NOT NULL,
	"covered" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_lanes" ADD CONSTRAINT "company_lanes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_scorecards" ADD CONSTRAINT "company_scorecards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_tracking_coverage" ADD CONSTRAINT "trip_tracking_coverage_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_lanes_lane_idx" ON "company_lanes" USING btree ("pickup_state","delivery_state");--> statement-breakpoint
CREATE INDEX "company_scorecards_side_score_idx" ON "company_scorecards" USING btree ("side","score");--> statement-breakpoint
-- A scorecard is counted again after the changes it reads (docs/decisions/035-scorecards.md): the triggers
-- only note the companies, in an append-only queue, and the refresh job counts each noted company once.
-- A status change that touches none of the counted facts writes nothing.
CREATE FUNCTION queue_scorecards_of_trip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scorecard_refresh_queue (company_id)
  VALUES (NEW.customer_company_id), (NEW.transporter_company_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trips_queue_scorecards AFTER UPDATE ON trips FOR EACH ROW
  WHEN (OLD.delivered_at IS DISTINCT FROM NEW.delivered_at
     OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at
     OR OLD.completed IS DISTINCT FROM NEW.completed
     OR OLD.arrived_pickup_at IS DISTINCT FROM NEW.arrived_pickup_at
     OR OLD.loaded_at IS DISTINCT FROM NEW.loaded_at
     OR OLD.expected_delivery_date IS DISTINCT FROM NEW.expected_delivery_date)
  EXECUTE FUNCTION queue_scorecards_of_trip();
--> statement-breakpoint
-- An issue counts against the trip's transporter; a proof of delivery for it.
CREATE FUNCTION queue_scorecard_of_trip_transporter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scorecard_refresh_queue (company_id)
  SELECT transporter_company_id FROM trips WHERE id = NEW.trip_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_issues_queue_scorecards AFTER INSERT ON trip_issues FOR EACH ROW
  EXECUTE FUNCTION queue_scorecard_of_trip_transporter();
--> statement-breakpoint
CREATE TRIGGER trip_documents_queue_scorecards AFTER INSERT ON trip_documents FOR EACH ROW
  WHEN (NEW.kind = 'PROOF_OF_DELIVERY')
  EXECUTE FUNCTION queue_scorecard_of_trip_transporter();
--> statement-breakpoint
CREATE FUNCTION queue_scorecard_of_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scorecard_refresh_queue (company_id) VALUES (NEW.customer_company_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_queue_scorecards AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION queue_scorecard_of_invoice();
--> statement-breakpoint
CREATE FUNCTION queue_scorecard_of_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scorecard_refresh_queue (company_id) VALUES (NEW.rated_company_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_ratings_queue_scorecards AFTER INSERT OR UPDATE ON trip_ratings FOR EACH ROW
  EXECUTE FUNCTION queue_scorecard_of_rating();
--> statement-breakpoint
-- An upgraded database counts every company's card at the first refresh.
INSERT INTO scorecard_refresh_queue (company_id) SELECT id FROM companies WHERE type <> 'PLATFORM';
