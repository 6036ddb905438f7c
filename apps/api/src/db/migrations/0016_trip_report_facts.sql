ALTER TABLE "invoices" ADD COLUMN "cargo_type" text;--> statement-breakpoint
-- The invoices raised before the column existed take their trip's cargo type, which never changes.
UPDATE "invoices" i SET "cargo_type" = t."cargo_type" FROM "trips" t WHERE t."id" = i."trip_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "cargo_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "pickup_state" text GENERATED ALWAYS AS (pickup_address->>'state') STORED;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "recipient_state" text GENERATED ALWAYS AS (recipient_address->>'state') STORED;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "arrived_pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "arrived_pickup_by" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "loaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "arrived_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "empty_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "issue_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "weight_kg" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "outstanding_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "document_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- What the reports read of each trip beside its own columns (docs/reports.md 1.8), kept on the trip so a
-- report over a million trips reads one row per trip instead of aggregating their logs, issues and
-- documents, or joining their consignments and invoices: each step time is the `at` of the trip's live log of that step (trip_status_logs_live_uq
-- allows one per status), null when there is none; then the trip's issue count, the document kinds it
-- holds, the weight it carries (its consignment's) and what is owed on it (its invoice while pending).
-- Only trips whose facts change are written.
CREATE FUNCTION refresh_trip_report_facts(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE trips t SET
    started_at = s.started_at,
    arrived_pickup_at = s.arrived_pickup_at,
    arrived_pickup_by = s.arrived_pickup_by,
    loaded_at = s.loaded_at,
    arrived_delivery_at = s.arrived_delivery_at,
    delivered_at = s.delivered_at,
    empty_dropped_at = s.empty_dropped_at,
    issue_count = s.issue_count,
    document_kinds = s.document_kinds,
    weight_kg = s.weight_kg,
    outstanding_kobo = s.outstanding_kobo
  FROM (
    SELECT x.id,
      steps.started_at, steps.arrived_pickup_at, steps.arrived_pickup_by, steps.loaded_at,
      steps.arrived_delivery_at, steps.delivered_at, steps.empty_dropped_at,
      (SELECT count(*) FROM trip_issues i WHERE i.trip_id = x.id)::int AS issue_count,
      ARRAY(SELECT DISTINCT d.kind FROM trip_documents d WHERE d.trip_id = x.id ORDER BY d.kind) AS document_kinds,
      (SELECT c.weight_kg FROM consignments c WHERE c.trip_id = x.id) AS weight_kg,
      (SELECT coalesce(sum(i.amount_kobo), 0) FROM invoices i
        WHERE i.trip_id = x.id AND i.status = 'PENDING_PAYMENT')::bigint AS outstanding_kobo
    FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id)) x
    CROSS JOIN LATERAL (
      SELECT
        min(l.at) FILTER (WHERE l.status = 'STARTED') AS started_at,
        min(l.at) FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')) AS arrived_pickup_at,
        (array_agg(l.recorded_by ORDER BY l.at)
          FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')))[1] AS arrived_pickup_by,
        min(l.at) FILTER (WHERE l.status = 'LOADED') AS loaded_at,
        min(l.at) FILTER (WHERE l.status IN ('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION')) AS arrived_delivery_at,
        min(l.at) FILTER (WHERE l.status = 'DELIVERED') AS delivered_at,
        min(l.at) FILTER (WHERE l.status = 'EMPTY_DROP_OFF') AS empty_dropped_at
      FROM trip_status_logs l
      WHERE l.trip_id = x.id AND l.undone_at IS NULL
    ) steps
  ) s
  WHERE t.id = s.id
    AND (t.started_at, t.arrived_pickup_at, t.arrived_pickup_by, t.loaded_at, t.arrived_delivery_at,
      t.delivered_at, t.empty_dropped_at, t.issue_count, t.document_kinds, t.weight_kg, t.outstanding_kobo)
    IS DISTINCT FROM (s.started_at, s.arrived_pickup_at, s.arrived_pickup_by, s.loaded_at,
      s.arrived_delivery_at, s.delivered_at, s.empty_dropped_at, s.issue_count, s.document_kinds, s.weight_kg,
      s.outstanding_kobo);
$$;
--> statement-breakpoint
CREATE FUNCTION keep_trip_report_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_trip_report_facts(ARRAY(SELECT trip_id FROM added));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_trip_report_facts(ARRAY(SELECT trip_id FROM added UNION ALL SELECT trip_id FROM removed));
  ELSE
    PERFORM refresh_trip_report_facts(ARRAY(SELECT trip_id FROM removed));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every write to a trip's logs (a step, an undo), issues, documents, consignment or invoice keeps its
-- facts in the same transaction. Ordinary triggers, not ALWAYS ones: a bulk load under session_replication_role = replica
-- (the bench seed) calls refresh_trip_report_facts itself.
CREATE FUNCTION create_trip_fact_triggers(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION keep_trip_report_facts()', tbl || '_report_facts_inserted', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION keep_trip_report_facts()', tbl || '_report_facts_updated', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION keep_trip_report_facts()', tbl || '_report_facts_deleted', tbl);
END;
$$;
--> statement-breakpoint
SELECT create_trip_fact_triggers('trip_status_logs');
--> statement-breakpoint
SELECT create_trip_fact_triggers('trip_issues');
--> statement-breakpoint
SELECT create_trip_fact_triggers('trip_documents');
--> statement-breakpoint
SELECT create_trip_fact_triggers('consignments');
--> statement-breakpoint
SELECT create_trip_fact_triggers('invoices');
--> statement-breakpoint
-- The trips that already have any.
SELECT refresh_trip_report_facts(ARRAY(
  SELECT trip_id FROM trip_status_logs UNION SELECT trip_id FROM trip_issues UNION SELECT trip_id FROM trip_documents
  UNION SELECT trip_id FROM consignments WHERE weight_kg IS NOT NULL
  UNION SELECT trip_id FROM invoices WHERE status = 'PENDING_PAYMENT'));
