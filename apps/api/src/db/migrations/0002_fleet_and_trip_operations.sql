CREATE TABLE "drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"address" jsonb NOT NULL,
	"licence_number" text NOT NULL,
	"licence_expires_on" date NOT NULL,
	"next_of_kin" jsonb NOT NULL,
	"guarantor" jsonb NOT NULL,
	"photo_key" text,
	"photo_content_type" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_managers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"address" jsonb NOT NULL,
	"next_of_kin" jsonb NOT NULL,
	"guarantor" jsonb NOT NULL,
	"invited_by_user_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_managers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "motor_boys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"address" jsonb NOT NULL,
	"next_of_kin" jsonb NOT NULL,
	"guarantor" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"registration_number" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"type" text NOT NULL,
	"capacity_tenth_tonnes" integer NOT NULL,
	"documents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"uploaded_by_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"issue_type" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by_user_id" uuid,
	"location" jsonb,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"side" text NOT NULL,
	"note" text NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_status_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"location" jsonb,
	"note" text,
	"handover_override_reason" text,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" uuid,
	"undo_reason" text
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "cancelled_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "truck_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "driver_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "motor_boy_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "current_location" jsonb;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "expected_delivery_date" date;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "handover_code" text;--> statement-breakpoint
-- Trips awarded before handover codes existed get one here; new trips get a crypto-random code at award.
UPDATE "trips" SET "handover_code" = lpad(floor(random() * 1000000)::int::text, 6, '0');--> statement-breakpoint
ALTER TABLE "trips" ALTER COLUMN "handover_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "handover_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "handover_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_managers" ADD CONSTRAINT "fleet_managers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_managers" ADD CONSTRAINT "fleet_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_managers" ADD CONSTRAINT "fleet_managers_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motor_boys" ADD CONSTRAINT "motor_boys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_documents" ADD CONSTRAINT "trip_documents_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_documents" ADD CONSTRAINT "trip_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_documents" ADD CONSTRAINT "trip_documents_uploaded_by_company_id_companies_id_fk" FOREIGN KEY ("uploaded_by_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD CONSTRAINT "trip_issues_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD CONSTRAINT "trip_issues_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD CONSTRAINT "trip_issues_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notes" ADD CONSTRAINT "trip_notes_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notes" ADD CONSTRAINT "trip_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD CONSTRAINT "trip_status_logs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD CONSTRAINT "trip_status_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD CONSTRAINT "trip_status_logs_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_company_phone_uq" ON "drivers" USING btree ("company_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_company_licence_uq" ON "drivers" USING btree ("company_id","licence_number");--> statement-breakpoint
CREATE INDEX "drivers_company_idx" ON "drivers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_managers_company_idx" ON "fleet_managers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "motor_boys_company_phone_uq" ON "motor_boys" USING btree ("company_id","phone_number");--> statement-breakpoint
CREATE INDEX "motor_boys_company_idx" ON "motor_boys" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_company_plate_uq" ON "trucks" USING btree ("company_id","registration_number");--> statement-breakpoint
CREATE INDEX "trucks_company_idx" ON "trucks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_documents_trip_idx" ON "trip_documents" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_issues_trip_idx" ON "trip_issues" USING btree ("trip_id","opened_at");--> statement-breakpoint
CREATE INDEX "trip_issues_open_idx" ON "trip_issues" USING btree ("opened_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "trip_notes_trip_side_uq" ON "trip_notes" USING btree ("trip_id","side");--> statement-breakpoint
CREATE INDEX "trip_status_logs_trip_idx" ON "trip_status_logs" USING btree ("trip_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_status_logs_live_uq" ON "trip_status_logs" USING btree ("trip_id","status") WHERE undone_at IS NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_motor_boy_id_motor_boys_id_fk" FOREIGN KEY ("motor_boy_id") REFERENCES "public"."motor_boys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_pickup_date_idx" ON "trips" USING btree ("pickup_date");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_live_truck_uq" ON "trips" USING btree ("truck_id") WHERE truck_id IS NOT NULL AND completed = false AND cancelled_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trips_live_driver_uq" ON "trips" USING btree ("driver_id") WHERE driver_id IS NOT NULL AND completed = false AND cancelled_at IS NULL;