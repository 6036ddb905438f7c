CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"sender_id" text NOT NULL,
	"text" text NOT NULL,
	"purpose" text NOT NULL,
	"company_id" uuid,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"cost_kobo" bigint NOT NULL,
	"route" text NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_provider_message_id_unique" UNIQUE("provider_message_id")
);
--> statement-breakpoint
CREATE TABLE "sms_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sms_message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_status_events" ADD CONSTRAINT "sms_status_events_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_company_idx" ON "sms_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_to_idx" ON "sms_messages" USING btree ("to_phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_status_events_once_idx" ON "sms_status_events" USING btree ("sms_message_id","status","provider_status");