CREATE TABLE "whatsapp_inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_messages_provider_message_id_unique" UNIQUE("provider_message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"kind" text NOT NULL,
	"template_name" text,
	"template_language" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text NOT NULL,
	"purpose" text NOT NULL,
	"company_id" uuid,
	"cost_kobo" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_provider_message_id_unique" UNIQUE("provider_message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"whatsapp_message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_status_events" ADD CONSTRAINT "whatsapp_status_events_whatsapp_message_id_whatsapp_messages_id_fk" FOREIGN KEY ("whatsapp_message_id") REFERENCES "public"."whatsapp_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_from_idx" ON "whatsapp_inbound_messages" USING btree ("from_phone","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_company_idx" ON "whatsapp_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_to_idx" ON "whatsapp_messages" USING btree ("to_phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_status_events_once_idx" ON "whatsapp_status_events" USING btree ("whatsapp_message_id","status","provider_status");