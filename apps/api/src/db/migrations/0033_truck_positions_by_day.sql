-- Truck positions partitioned by day of recorded_at (decision 041). 10,000 trucks reporting every 30 s add
-- 28.8 million rows a day: a day's positions are one table, made ahead by a job and dropped whole once
-- older than TRACKING_HISTORY_DAYS, never deleted row by row. Positions older than the week a position may
-- arrive late (MAX_POSITION_AGE_DAYS) go into a month's partition instead, so a history brought over from
-- before, or seeded, is a few tables, not hundreds. The default partition catches a position whose day has
-- no partition yet, so none is ever refused; ensure_truck_position_partitions moves its rows out when it
-- makes their day. The unique key of a partitioned table holds the partition key, so the (truck, time) key
-- that made a resent position count once is now the primary key and the serial id goes.
ALTER TABLE "truck_positions" RENAME TO "truck_positions_unpartitioned";
--> statement-breakpoint
ALTER TABLE "truck_positions_unpartitioned" RENAME CONSTRAINT "truck_positions_pkey" TO "truck_positions_unpartitioned_pkey";
--> statement-breakpoint
ALTER TABLE "truck_positions_unpartitioned" RENAME CONSTRAINT "truck_positions_truck_id_trucks_id_fk" TO "truck_positions_unpartitioned_truck_fk";
--> statement-breakpoint
ALTER INDEX "truck_positions_truck_time_idx" RENAME TO "truck_positions_unpartitioned_truck_time_idx";
--> statement-breakpoint
CREATE TABLE "truck_positions" (
	"truck_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kmh" real,
	"heading" real,
	"accuracy_m" real,
	"source" text NOT NULL,
	"address" text,
	CONSTRAINT "truck_positions_pkey" PRIMARY KEY("truck_id","recorded_at")
) PARTITION BY RANGE ("recorded_at");
--> statement-breakpoint
ALTER TABLE "truck_positions" ADD CONSTRAINT "truck_positions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "truck_positions_default" PARTITION OF "truck_positions" DEFAULT;
--> statement-breakpoint
-- Makes the partitions missing for the UTC days first_day..last_day: a day's (truck_positions_pYYYYMMDD),
-- or a whole month's (truck_positions_pYYYYMM) for a month before last week's that holds no day's
-- partition. Rows the default partition holds for a new partition's range move into it. Returns how many
-- partitions it made.
CREATE FUNCTION ensure_truck_position_partitions(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  monthly_before date := date_trunc('month', (now() AT TIME ZONE 'UTC')::date - 8)::date;
  d date := first_day;
  month_name text;
  part_name text;
  lo date;
  hi date;
  lo_at timestamptz;
  hi_at timestamptz;
  made integer := 0;
BEGIN
  WHILE d <= last_day LOOP
    month_name := 'truck_positions_p' || to_char(d, 'YYYYMM');
    IF to_regclass(month_name) IS NOT NULL THEN
      d := (date_trunc('month', d) + interval '1 month')::date;
      CONTINUE;
    END IF;
    IF d < monthly_before AND NOT EXISTS (
      SELECT 1 FROM pg_class WHERE relname LIKE month_name || '__' AND relkind IN ('r', 'p')
    ) THEN
      part_name := month_name;
      lo := date_trunc('month', d)::date;
      hi := (lo + interval '1 month')::date;
    ELSE
      part_name := 'truck_positions_p' || to_char(d, 'YYYYMMDD');
      lo := d;
      hi := d + 1;
    END IF;
    IF to_regclass(part_name) IS NULL THEN
      lo_at := lo::timestamp AT TIME ZONE 'UTC';
      hi_at := hi::timestamp AT TIME ZONE 'UTC';
      IF EXISTS (SELECT 1 FROM truck_positions_default WHERE recorded_at >= lo_at AND recorded_at < hi_at) THEN
        CREATE TEMP TABLE truck_positions_moving (LIKE truck_positions) ON COMMIT DROP;
        WITH gone AS (
          DELETE FROM truck_positions_default WHERE recorded_at >= lo_at AND recorded_at < hi_at RETURNING *
        )
        INSERT INTO truck_positions_moving SELECT * FROM gone;
        EXECUTE format('CREATE TABLE %I PARTITION OF truck_positions FOR VALUES FROM (%L) TO (%L)',
                       part_name, lo_at, hi_at);
        INSERT INTO truck_positions SELECT * FROM truck_positions_moving;
        DROP TABLE truck_positions_moving;
      ELSE
        EXECUTE format('CREATE TABLE %I PARTITION OF truck_positions FOR VALUES FROM (%L) TO (%L)',
                       part_name, lo_at, hi_at);
      END IF;
      made := made + 1;
    END IF;
    d := hi;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT ensure_truck_position_partitions(
  coalesce(
    (SELECT min(recorded_at AT TIME ZONE 'UTC')::date FROM truck_positions_unpartitioned),
    (now() AT TIME ZONE 'UTC')::date - 8
  ),
  (now() AT TIME ZONE 'UTC')::date + 14
);
--> statement-breakpoint
INSERT INTO "truck_positions" ("truck_id", "company_id", "recorded_at", "received_at", "latitude", "longitude",
                               "speed_kmh", "heading", "accuracy_m", "source", "address")
SELECT "truck_id", "company_id", "recorded_at", "received_at", "latitude", "longitude", "speed_kmh", "heading",
       "accuracy_m", "source", "address"
FROM "truck_positions_unpartitioned";
--> statement-breakpoint
DROP TABLE "truck_positions_unpartitioned";
--> statement-breakpoint
CREATE TABLE "trip_routes" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"points" jsonb NOT NULL,
	"raw_points" integer NOT NULL,
	"distance_km" double precision,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_routes_pending" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_routes" ADD CONSTRAINT "trip_routes_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trip_routes_pending" ADD CONSTRAINT "trip_routes_pending_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A trip with a truck that completes or is cancelled has its route kept by the next run of the keeper
-- (decision 041). Only the update that finishes it fires: the many status, position and note updates of
-- a live trip never reach the function.
CREATE FUNCTION note_finished_trip_route() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_routes_pending (trip_id) VALUES (NEW.id) ON CONFLICT (trip_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trips_route_pending_insert" AFTER INSERT ON "trips" FOR EACH ROW
  WHEN (NEW.truck_id IS NOT NULL AND (NEW.completed OR NEW.cancelled_at IS NOT NULL))
  EXECUTE FUNCTION note_finished_trip_route();
--> statement-breakpoint
CREATE TRIGGER "trips_route_pending_update" AFTER UPDATE OF "completed", "cancelled_at" ON "trips" FOR EACH ROW
  WHEN (NEW.truck_id IS NOT NULL AND (NEW.completed OR NEW.cancelled_at IS NOT NULL)
        AND NOT (OLD.completed OR OLD.cancelled_at IS NOT NULL))
  EXECUTE FUNCTION note_finished_trip_route();
--> statement-breakpoint
-- The trips already finished whose truck reported while on them.
INSERT INTO "trip_routes_pending" ("trip_id", "finished_at")
SELECT t.id, coalesce(t.cancelled_at, t.latest_status_at, t.updated_at)
FROM "trips" t
WHERE t.truck_id IS NOT NULL AND (t.completed OR t.cancelled_at IS NOT NULL)
  AND EXISTS (SELECT 1 FROM "truck_positions" p
              WHERE p.truck_id = t.truck_id
                AND p.recorded_at >= coalesce(t.truck_assigned_at, t.created_at)
                AND p.recorded_at <= coalesce(t.cancelled_at, t.latest_status_at, now()));
