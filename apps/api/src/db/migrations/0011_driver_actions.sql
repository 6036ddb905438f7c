CREATE TABLE "driver_actions" (
	"driver_id" uuid NOT NULL,
	"client_action_id" uuid NOT NULL,
	"action" text NOT NULL,
	"trip_id" uuid NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_actions_driver_id_client_action_id_pk" PRIMARY KEY("driver_id","client_action_id")
);
--> statement-breakpoint
ALTER TABLE "trip_documents" ADD COLUMN "uploaded_by_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD COLUMN "opened_by_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD COLUMN "actor_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_actions" ADD CONSTRAINT "driver_actions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_actions" ADD CONSTRAINT "driver_actions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_documents" ADD CONSTRAINT "trip_documents_uploaded_by_driver_id_drivers_id_fk" FOREIGN KEY ("uploaded_by_driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_issues" ADD CONSTRAINT "trip_issues_opened_by_driver_id_drivers_id_fk" FOREIGN KEY ("opened_by_driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_status_logs" ADD CONSTRAINT "trip_status_logs_actor_driver_id_drivers_id_fk" FOREIGN KEY ("actor_driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;