CREATE TABLE "trip_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"night" date NOT NULL,
	"location" jsonb,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_alerts" ADD CONSTRAINT "trip_alerts_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_alerts" ADD CONSTRAINT "trip_alerts_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_alerts_once_per_night_idx" ON "trip_alerts" USING btree ("trip_id","kind","night");--> statement-breakpoint
-- A trip's alerts show on its page, kept like the lists of migration 0014 (plugins/company-answers.ts):
-- each write announces both of the trip's companies.
SELECT create_change_triggers('trip_alerts', 'notify_trip_row_companies');
--> statement-breakpoint
-- Driving at night no longer opens a trip issue: an open one showed the trip DELAYED though nothing held it
-- up. The issues the night-movement alarm opened become the trips' alerts, one per trip and night (the
-- night named by the Lagos date it began on, with the transporter's night hours, else the defaults 22 to 5
-- of TRACKING_SETTINGS_DEFAULTS; Lagos is UTC+1 all year). A night whose issues were all resolved is marked
-- seen, by whoever resolved the last. Issues a person opened as "Moving at night" stay issues: a person
-- chose to say the trip was held up. The audit rows of the moved issues stay as they were.
INSERT INTO trip_alerts (trip_id, kind, description, raised_at, night, location, acknowledged_at,
  acknowledged_by_user_id, created_at)
SELECT n.trip_id, 'NIGHT_MOVEMENT', (array_agg(n.description ORDER BY n.opened_at))[1], min(n.opened_at),
  n.night, (array_agg(n.location ORDER BY n.opened_at))[1],
  CASE WHEN bool_and(n.status = 'RESOLVED') THEN max(n.resolved_at) END,
  CASE WHEN bool_and(n.status = 'RESOLVED')
    THEN (array_agg(n.resolved_by_user_id ORDER BY n.resolved_at DESC NULLS LAST))[1] END,
  min(n.created_at)
FROM (
  SELECT i.*,
    (CASE
      WHEN coalesce(s.night_from_hour, 22) > coalesce(s.night_to_hour, 5)
        AND extract(hour FROM i.opened_at AT TIME ZONE 'UTC' + interval '1 hour') < coalesce(s.night_to_hour, 5)
      THEN i.opened_at AT TIME ZONE 'UTC' + interval '1 hour' - interval '1 day'
      ELSE i.opened_at AT TIME ZONE 'UTC' + interval '1 hour'
    END)::date AS night
  FROM trip_issues i
  JOIN trips t ON t.id = i.trip_id
  LEFT JOIN tracking_settings s ON s.company_id = t.transporter_company_id
  WHERE i.alarm = 'NIGHT_MOVEMENT'
) n
GROUP BY n.trip_id, n.night
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM trip_issues WHERE alarm = 'NIGHT_MOVEMENT';
