CREATE INDEX "trips_truck_idx" ON "trips" USING btree ("truck_id");--> statement-breakpoint
CREATE INDEX "trips_driver_idx" ON "trips" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "trips_motor_boy_idx" ON "trips" USING btree ("motor_boy_id");--> statement-breakpoint
-- The statement triggers of migration 0014, made by one function from here on: a table's writes of the
-- kinds in `ops` call `fn` with the changed rows as transition tables (added, removed), and fire always.
-- A trigger is named after its table, function and kind of write.
CREATE FUNCTION create_change_triggers(tbl text, fn text, ops text[] DEFAULT ARRAY['INSERT', 'UPDATE', 'DELETE'])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  op text;
  trigger_name text;
BEGIN
  FOREACH op IN ARRAY ops LOOP
    trigger_name := tbl || '_' || fn || '_' || rtrim(lower(op), 'e') || 'ed';
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      trigger_name, op, tbl,
      CASE op
        WHEN 'INSERT' THEN 'NEW TABLE AS added'
        WHEN 'UPDATE' THEN 'OLD TABLE AS removed NEW TABLE AS added'
        ELSE 'OLD TABLE AS removed'
      END,
      fn);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', tbl, trigger_name);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The trip page and the market are kept like the lists of migration 0014 (plugins/company-answers.ts), so
-- every other change they show is announced too. A trip's steps, documents and notes show on it: both of
-- the trip's companies.
SELECT create_change_triggers('trip_status_logs', 'notify_trip_row_companies');
--> statement-breakpoint
SELECT create_change_triggers('trip_documents', 'notify_trip_row_companies');
--> statement-breakpoint
SELECT create_change_triggers('trip_notes', 'notify_trip_row_companies');
--> statement-breakpoint
-- The watch re-reads a live trip every few minutes; only a change of the arrival it proposes shows, and only
-- to the transporter.
CREATE FUNCTION notify_trip_watch_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('company_changed', t.transporter_company_id::text)
    FROM trips t
    WHERE t.id IN (
      SELECT a.trip_id FROM added a JOIN removed r ON r.trip_id = a.trip_id
      WHERE (a.proposed_status, a.proposed_at) IS DISTINCT FROM (r.proposed_status, r.proposed_at));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('company_changed', t.transporter_company_id::text)
    FROM trips t
    WHERE t.id IN (SELECT trip_id FROM removed WHERE proposed_status IS NOT NULL);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT create_change_triggers('trip_watches', 'notify_trip_watch_companies', ARRAY['UPDATE', 'DELETE']);
--> statement-breakpoint
-- A truck, a driver or a motor boy shows on the pages of the trips it ran: its company's, and the customers'
-- of those trips (found through the indexes above). A new one is on no trip yet.
CREATE FUNCTION notify_fleet_companies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  trip_column text := CASE TG_TABLE_NAME WHEN 'trucks' THEN 'truck_id' WHEN 'drivers' THEN 'driver_id' ELSE 'motor_boy_id' END;
BEGIN
  PERFORM pg_notify('company_changed', company_id::text) FROM (SELECT DISTINCT company_id FROM removed) s;
  EXECUTE format(
    'SELECT pg_notify(''company_changed'', c::text) FROM (SELECT DISTINCT t.customer_company_id AS c FROM trips t WHERE t.%I IN (SELECT id FROM removed)) s',
    trip_column);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT create_change_triggers('trucks', 'notify_fleet_companies', ARRAY['UPDATE', 'DELETE']);
--> statement-breakpoint
SELECT create_change_triggers('drivers', 'notify_fleet_companies', ARRAY['UPDATE', 'DELETE']);
--> statement-breakpoint
SELECT create_change_triggers('motor_boys', 'notify_fleet_companies', ARRAY['UPDATE', 'DELETE']);
--> statement-breakpoint
-- The market (every transporter's open orders) shows every open order and its bid count: a change to an
-- order that is or was open, and any bid, announces "market" besides the companies of migration 0014.
CREATE FUNCTION notify_market() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bids' THEN
    PERFORM pg_notify('company_changed', 'market');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', 'market') WHERE EXISTS (SELECT 1 FROM added WHERE status = 'OPEN');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', 'market') WHERE EXISTS (SELECT 1 FROM removed WHERE status = 'OPEN');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT create_change_triggers('orders', 'notify_market');
--> statement-breakpoint
SELECT create_change_triggers('bids', 'notify_market');
--> statement-breakpoint
-- Which open orders a transporter may see (preferred partners) and which it watches show only in its market.
CREATE FUNCTION notify_transporter_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', transporter_company_id::text)
    FROM (SELECT DISTINCT transporter_company_id FROM added) s;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', transporter_company_id::text)
    FROM (SELECT DISTINCT transporter_company_id FROM removed) s;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT create_change_triggers('preferred_partners', 'notify_transporter_companies');
--> statement-breakpoint
SELECT create_change_triggers('order_watches', 'notify_transporter_companies');
