CREATE TABLE "trip_call_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"ticket_number" text NOT NULL,
	"terminal_id" uuid NOT NULL,
	"holding_bay_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"cost_kobo" bigint NOT NULL,
	"expense_id" uuid,
	"alerted_12h_at" timestamp with time zone,
	"alerted_2h_at" timestamp with time zone,
	"holding_bay_minutes" integer,
	"gate_minutes" integer,
	"measured_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_call_ups_window" CHECK ("trip_call_ups"."valid_until" > "trip_call_ups"."valid_from"),
	CONSTRAINT "trip_call_ups_cost" CHECK ("trip_call_ups"."cost_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_holding_bay_id_terminals_id_fk" FOREIGN KEY ("holding_bay_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_expense_id_trip_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."trip_expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_call_ups" ADD CONSTRAINT "trip_call_ups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_call_ups_trip_idx" ON "trip_call_ups" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_call_ups_company_idx" ON "trip_call_ups" USING btree ("transporter_company_id","valid_from");--> statement-breakpoint
CREATE INDEX "trip_call_ups_alert_idx" ON "trip_call_ups" USING btree ("valid_until") WHERE "trip_call_ups"."alerted_2h_at" IS NULL;--> statement-breakpoint
CREATE INDEX "trip_call_ups_measure_idx" ON "trip_call_ups" USING btree ("created_at") WHERE "trip_call_ups"."measured_at" IS NULL;