-- Writes on trips waited on each other and planned their trigger statements anew (issue 34, decision 045).
--
-- trip_counts: each bucket is split in slots, one per database connection (its process id modulo 16), so
-- trips completing at once on different connections add to different rows instead of waiting for each
-- other's commit on the one row of their bucket. Every reader sums the rows of a bucket, so the slots
-- change no answer; the existing rows are slot 0.
ALTER TABLE "trip_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_counts" DROP CONSTRAINT "trip_counts_company_id_side_completed_cancelled_started_pk";--> statement-breakpoint
ALTER TABLE "trip_counts" ADD CONSTRAINT "trip_counts_company_id_side_completed_cancelled_started_slot_pk" PRIMARY KEY("company_id","side","completed","cancelled","started","slot");--> statement-breakpoint
CREATE FUNCTION trip_count_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_trip_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trip_counts AS c (company_id, side, completed, cancelled, started, slot, trips)
    SELECT s.company_id, s.side, t.completed, t.cancelled_at IS NOT NULL, t.latest_status IS NOT NULL,
      trip_count_slot(), count(*)
    FROM added t
    CROSS JOIN LATERAL (VALUES (t.customer_company_id, 'customer'), (t.transporter_company_id, 'transporter'))
      AS s(company_id, side)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, side, completed, cancelled, started, slot) DO UPDATE SET trips = c.trips + EXCLUDED.trips;
  ELSE
    INSERT INTO trip_counts AS c (company_id, side, completed, cancelled, started, slot, trips)
    SELECT s.company_id, s.side, t.completed, t.cancelled_at IS NOT NULL, t.latest_status IS NOT NULL,
      trip_count_slot(), -count(*)
    FROM removed t
    CROSS JOIN LATERAL (VALUES (t.customer_company_id, 'customer'), (t.transporter_company_id, 'transporter'))
      AS s(company_id, side)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, side, completed, cancelled, started, slot) DO UPDATE SET trips = c.trips + EXCLUDED.trips;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update moves a trip between buckets only when one of the five facts changes: a row trigger whose
-- WHEN clause PostgreSQL checks itself, so the many updates that keep a trip in its bucket (each status
-- step, the report facts, locations, resources) call nothing. The statement-level trigger it replaces ran
-- its upsert, planned anew with each transition table, on every update of every trip.
CREATE FUNCTION count_trip_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_counts AS c (company_id, side, completed, cancelled, started, slot, trips)
  SELECT s.company_id, s.side, s.completed, s.cancelled, s.started, trip_count_slot(), sum(s.n)
  FROM (VALUES
    (OLD.customer_company_id, 'customer', OLD.completed, OLD.cancelled_at IS NOT NULL, OLD.latest_status IS NOT NULL, -1),
    (OLD.transporter_company_id, 'transporter', OLD.completed, OLD.cancelled_at IS NOT NULL, OLD.latest_status IS NOT NULL, -1),
    (NEW.customer_company_id, 'customer', NEW.completed, NEW.cancelled_at IS NOT NULL, NEW.latest_status IS NOT NULL, 1),
    (NEW.transporter_company_id, 'transporter', NEW.completed, NEW.cancelled_at IS NOT NULL, NEW.latest_status IS NOT NULL, 1))
    AS s(company_id, side, completed, cancelled, started, n)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(s.n) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, side, completed, cancelled, started, slot) DO UPDATE SET trips = c.trips + EXCLUDED.trips;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER trips_count_updated ON trips;--> statement-breakpoint
CREATE TRIGGER trips_count_updated
  AFTER UPDATE OF customer_company_id, transporter_company_id, completed, cancelled_at, latest_status ON trips
  FOR EACH ROW
  WHEN ((OLD.customer_company_id, OLD.transporter_company_id, OLD.completed, OLD.cancelled_at IS NULL,
      OLD.latest_status IS NULL)
    IS DISTINCT FROM (NEW.customer_company_id, NEW.transporter_company_id, NEW.completed, NEW.cancelled_at IS NULL,
      NEW.latest_status IS NULL))
  EXECUTE FUNCTION count_trip_row_change();
--> statement-breakpoint
-- Bulk loads that switch ordinary triggers off (session_replication_role = replica) keep the counts exact.
ALTER TABLE trips ENABLE ALWAYS TRIGGER trips_count_updated;
--> statement-breakpoint
-- The report facts' refresh runs on every step of every trip. As an SQL function it was planned anew on
-- each call (PostgreSQL keeps no plan of a non-inlined SQL function between calls); in PL/pgSQL its plan is
-- kept for the connection. The statement is the one of migration 0016.
CREATE OR REPLACE FUNCTION refresh_trip_report_facts(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END;
$$;
