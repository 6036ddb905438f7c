CREATE TABLE "tracking_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tracking_companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tracking_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tracking_company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"base_url" text,
	"auth_method" text,
	"username" text,
	"secret_ciphertext" text,
	"active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'CONNECTED' NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"unique_id" text NOT NULL,
	"truck_id" uuid,
	"last_position_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_latest_positions" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kmh" real,
	"heading" real,
	"source" text NOT NULL,
	"lga" text,
	"state" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"address" text
);
--> statement-breakpoint
ALTER TABLE "tracking_credentials" ADD CONSTRAINT "tracking_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_credentials" ADD CONSTRAINT "tracking_credentials_tracking_company_id_tracking_companies_id_fk" FOREIGN KEY ("tracking_company_id") REFERENCES "public"."tracking_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_credential_id_tracking_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."tracking_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_latest_positions" ADD CONSTRAINT "truck_latest_positions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_positions" ADD CONSTRAINT "truck_positions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_credentials_company_idx" ON "tracking_credentials" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tracking_credentials_due_idx" ON "tracking_credentials" USING btree ("next_poll_at") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_devices_external_idx" ON "tracking_devices" USING btree ("credential_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_devices_truck_idx" ON "tracking_devices" USING btree ("truck_id") WHERE truck_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "truck_positions_truck_time_idx" ON "truck_positions" USING btree ("truck_id","recorded_at");