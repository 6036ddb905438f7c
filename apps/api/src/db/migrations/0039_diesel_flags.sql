CREATE TABLE "trip_diesel_flags" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"litres_per_100km" double precision NOT NULL,
	"truck_median_per_100km" double precision NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_diesel_flags" ADD CONSTRAINT "trip_diesel_flags_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_diesel_flags" ADD CONSTRAINT "trip_diesel_flags_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;