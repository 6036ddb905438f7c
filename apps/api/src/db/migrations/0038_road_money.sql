CREATE TABLE "trip_advances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reference" text,
	"given_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_advances_amount_positive" CHECK ("trip_advances"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "trip_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"litres" numeric(8, 2),
	"price_per_litre_kobo" bigint,
	"note" text,
	"place" text,
	"latitude" double precision,
	"longitude" double precision,
	"spent_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"review_note" text,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"driver_reply" text,
	"recorded_by_driver_id" uuid,
	"recorded_by_user_id" uuid,
	"receipt_file_name" text,
	"receipt_content_type" text,
	"receipt_size_bytes" integer,
	"receipt_storage_key" text,
	"receipt_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_expenses_amount_positive" CHECK ("trip_expenses"."amount_kobo" > 0),
	CONSTRAINT "trip_expenses_diesel_litres" CHECK (("trip_expenses"."kind" = 'DIESEL') = ("trip_expenses"."litres" IS NOT NULL AND "trip_expenses"."price_per_litre_kobo" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "trip_settlements" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"balance_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"settled_by_user_id" uuid,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_advances" ADD CONSTRAINT "trip_advances_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_advances" ADD CONSTRAINT "trip_advances_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_advances" ADD CONSTRAINT "trip_advances_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_advances" ADD CONSTRAINT "trip_advances_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_recorded_by_driver_id_drivers_id_fk" FOREIGN KEY ("recorded_by_driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settlements" ADD CONSTRAINT "trip_settlements_settled_by_user_id_users_id_fk" FOREIGN KEY ("settled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_advances_trip_idx" ON "trip_advances" USING btree ("trip_id","given_at");--> statement-breakpoint
CREATE INDEX "trip_advances_driver_idx" ON "trip_advances" USING btree ("driver_id","trip_id");--> statement-breakpoint
CREATE INDEX "trip_expenses_trip_idx" ON "trip_expenses" USING btree ("trip_id","spent_at");--> statement-breakpoint
CREATE INDEX "trip_expenses_driver_idx" ON "trip_expenses" USING btree ("driver_id","trip_id");--> statement-breakpoint
CREATE INDEX "trip_expenses_review_idx" ON "trip_expenses" USING btree ("transporter_company_id","created_at") WHERE "trip_expenses"."status" IN ('PENDING', 'QUERIED');--> statement-breakpoint
CREATE INDEX "trip_settlements_driver_idx" ON "trip_settlements" USING btree ("driver_id","settled_at");