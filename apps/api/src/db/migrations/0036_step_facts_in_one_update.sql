-- A new live step can only fill a step time or make it earlier (each is the first `at` of its step's live
-- logs), so a log's insert no longer recomputes the trip's facts from all its logs, issues, documents,
-- consignment and invoice: it updates the trip only where a step time would change. The API's own move
-- sets the step time in its update of the trip before it inserts the log (trip.repository recordStep), so
-- for it this trigger finds nothing to change and the trip row is written once per step instead of twice.
-- An update of a log (an undo) or a delete still recomputes everything (migration 0016).

-- What a trip's live logs say of its steps, in one place for both: the first `at` of each step, and who
-- recorded the arrival at pickup. SETOF (one row) so that the planner inlines it into the statement calling it.
CREATE TYPE trip_step_times AS (
  started_at timestamptz,
  arrived_pickup_at timestamptz,
  arrived_pickup_by text,
  loaded_at timestamptz,
  arrived_delivery_at timestamptz,
  delivered_at timestamptz,
  empty_dropped_at timestamptz
);
--> statement-breakpoint
CREATE FUNCTION trip_step_times_of(logs trip_status_logs[]) RETURNS SETOF trip_step_times
LANGUAGE sql IMMUTABLE AS $$
  SELECT
    min(l.at) FILTER (WHERE l.status = 'STARTED'),
    min(l.at) FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')),
    (array_agg(l.recorded_by ORDER BY l.at)
      FILTER (WHERE l.status IN ('AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION')))[1],
    min(l.at) FILTER (WHERE l.status = 'LOADED'),
    min(l.at) FILTER (WHERE l.status IN ('AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION')),
    min(l.at) FILTER (WHERE l.status = 'DELIVERED'),
    min(l.at) FILTER (WHERE l.status = 'EMPTY_DROP_OFF')
  FROM unnest(logs) AS l
  WHERE l.undone_at IS NULL
$$;
--> statement-breakpoint
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
      CROSS JOIN LATERAL trip_step_times_of(ARRAY(SELECT l FROM trip_status_logs l WHERE l.trip_id = x.id)) steps
    ) s
    WHERE t.id = s.id
      AND (t.started_at, t.arrived_pickup_at, t.arrived_pickup_by, t.loaded_at, t.arrived_delivery_at,
        t.delivered_at, t.empty_dropped_at, t.issue_count, t.document_kinds, t.weight_kg, t.outstanding_kobo)
      IS DISTINCT FROM (s.started_at, s.arrived_pickup_at, s.arrived_pickup_by, s.loaded_at,
        s.arrived_delivery_at, s.delivered_at, s.empty_dropped_at, s.issue_count, s.document_kinds, s.weight_kg,
        s.outstanding_kobo);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION keep_step_facts_of_new_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips t SET
      started_at = least(t.started_at, a.started_at),
      arrived_pickup_at = least(t.arrived_pickup_at, a.arrived_pickup_at),
      arrived_pickup_by = CASE WHEN a.arrived_pickup_at < t.arrived_pickup_at
          OR (t.arrived_pickup_at IS NULL AND a.arrived_pickup_at IS NOT NULL)
        THEN a.arrived_pickup_by ELSE t.arrived_pickup_by END,
      loaded_at = least(t.loaded_at, a.loaded_at),
      arrived_delivery_at = least(t.arrived_delivery_at, a.arrived_delivery_at),
      delivered_at = least(t.delivered_at, a.delivered_at),
      empty_dropped_at = least(t.empty_dropped_at, a.empty_dropped_at)
    FROM (
      -- A transition table's rows are records: cast back to the table's row type.
      SELECT g.trip_id, s.*
      FROM (SELECT n.trip_id, array_agg(n::trip_status_logs) AS logs FROM added n GROUP BY n.trip_id) g
      CROSS JOIN LATERAL trip_step_times_of(g.logs) s
    ) a
    WHERE t.id = a.trip_id
      AND (least(t.started_at, a.started_at), least(t.arrived_pickup_at, a.arrived_pickup_at),
        least(t.loaded_at, a.loaded_at), least(t.arrived_delivery_at, a.arrived_delivery_at),
        least(t.delivered_at, a.delivered_at), least(t.empty_dropped_at, a.empty_dropped_at))
      IS DISTINCT FROM (t.started_at, t.arrived_pickup_at, t.loaded_at, t.arrived_delivery_at, t.delivered_at,
        t.empty_dropped_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER trip_status_logs_report_facts_inserted ON trip_status_logs;
--> statement-breakpoint
CREATE TRIGGER trip_status_logs_report_facts_inserted AFTER INSERT ON trip_status_logs
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION keep_step_facts_of_new_logs();
