CREATE TABLE "diesel_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kobo_per_litre" bigint NOT NULL,
	"as_of" date NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_rates" (
	"pickup_key" text NOT NULL,
	"pickup_state" text NOT NULL,
	"pickup_lga" text NOT NULL,
	"delivery_state" text NOT NULL,
	"cargo_type" text NOT NULL,
	"equipment" text NOT NULL,
	"awards" integer NOT NULL,
	"p25_kobo" bigint NOT NULL,
	"p50_kobo" bigint NOT NULL,
	"p75_kobo" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lane_rates_pickup_key_delivery_state_cargo_type_equipment_pk" PRIMARY KEY("pickup_key","delivery_state","cargo_type","equipment")
);
--> statement-breakpoint
ALTER TABLE "diesel_prices" ADD CONSTRAINT "diesel_prices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diesel_prices_as_of_idx" ON "diesel_prices" USING btree ("as_of","recorded_at");--> statement-breakpoint
CREATE INDEX "lane_rates_awards_idx" ON "lane_rates" USING btree ("awards");--> statement-breakpoint
-- The bands of awarded prices per lane (docs/decisions/033): every trip is one truck or container awarded
-- at its bid's price, on the day it was created. A lane is the pickup terminal or the pickup address's
-- state and LGA, the delivery state (a delivery terminal's own), the cargo type and the container size or
-- truck type. Worked out whole, in one transaction, so a reader sees the old bands or the new, never half.
CREATE FUNCTION refresh_lane_rates(window_days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  lanes integer;
BEGIN
  -- Two instances refreshing at once would each delete the other's rows; the second waits, then redoes it.
  PERFORM pg_advisory_xact_lock(727275);
  DELETE FROM lane_rates;
  INSERT INTO lane_rates (pickup_key, pickup_state, pickup_lga, delivery_state, cargo_type, equipment,
                          awards, p25_kobo, p50_kobo, p75_kobo, computed_at)
  SELECT
    coalesce(t.pickup_terminal_id::text,
             lower(trim(t.pickup_address->>'state')) || '/' || lower(trim(t.pickup_address->>'lga'))),
    max(coalesce(pt.state, t.pickup_address->>'state')),
    max(coalesce(pt.lga, t.pickup_address->>'lga')),
    lower(trim(coalesce(dt.state, t.recipient_address->>'state'))),
    t.cargo_type,
    coalesce(i.container_size, i.truck_type),
    count(*),
    round(percentile_cont(0.25) WITHIN GROUP (ORDER BY t.amount_kobo))::bigint,
    round(percentile_cont(0.5) WITHIN GROUP (ORDER BY t.amount_kobo))::bigint,
    round(percentile_cont(0.75) WITHIN GROUP (ORDER BY t.amount_kobo))::bigint,
    now()
  FROM trips t
  JOIN order_items i ON i.id = t.order_item_id
  LEFT JOIN terminals pt ON pt.id = t.pickup_terminal_id
  LEFT JOIN terminals dt ON dt.id = t.recipient_terminal_id
  WHERE t.created_at >= now() - make_interval(days => window_days)
    AND coalesce(i.container_size, i.truck_type) IS NOT NULL
    AND coalesce(dt.state, t.recipient_address->>'state') IS NOT NULL
    AND coalesce(pt.state, t.pickup_address->>'state') IS NOT NULL
  GROUP BY 1, 4, 5, 6;
  GET DIAGNOSTICS lanes = ROW_COUNT;
  RETURN lanes;
END;
$$;
--> statement-breakpoint
-- An upgraded database shows its bands at once rather than at the first hourly refresh.
SELECT refresh_lane_rates(90);
