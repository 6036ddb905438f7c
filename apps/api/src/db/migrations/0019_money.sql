CREATE TABLE "invoice_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"waited_minutes" integer,
	"free_hours" integer,
	"chargeable_hours" integer,
	"rate_kobo_per_hour" bigint,
	"dispute_note" text,
	"proposed_by" uuid,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"reference" text,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"channel" text,
	"access_code" text,
	"authorization_url" text,
	"note" text,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"net_kobo" bigint NOT NULL,
	"reference" text,
	"paid_out_at" timestamp with time zone,
	"paid_out_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "waiting_free_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "waiting_rate_kobo_per_hour" bigint;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "discharge_date" date;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "expected_empty_return_date" date;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "deposit_kobo" bigint;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "deposit_status" text DEFAULT 'NOT_PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "consignments" ADD COLUMN "deposit_refunded_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "haulage_kobo" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charges_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_basis_points" integer DEFAULT 750 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_kobo" bigint;--> statement-breakpoint
-- Invoices raised before VAT was shown: their amount was the haulage, so VAT at 7.5 % (rounded half up
-- to the kobo, as invoice-amounts.ts does) is added to make amount_kobo what the customer pays.
UPDATE "invoices" SET
  "haulage_kobo" = "amount_kobo",
  "vat_kobo" = ("amount_kobo" * 750 * 2 + 10000) / 20000,
  "amount_kobo" = "amount_kobo" + ("amount_kobo" * 750 * 2 + 10000) / 20000;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "haulage_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_charges" ADD CONSTRAINT "invoice_charges_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_out_by_users_id_fk" FOREIGN KEY ("paid_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_charges_invoice_idx" ON "invoice_charges" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_charges_waiting_idx" ON "invoice_charges" USING btree ("invoice_id","kind") WHERE kind <> 'OTHER';--> statement-breakpoint
CREATE INDEX "payment_webhook_events_reference_idx" ON "payment_webhook_events" USING btree ("reference","received_at");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_idx" ON "payments" USING btree ("invoice_id") WHERE status = 'SUCCEEDED';--> statement-breakpoint
CREATE INDEX "payouts_transporter_idx" ON "payouts" USING btree ("transporter_company_id","status","created_at");--> statement-breakpoint
-- The customer's "Containers at risk": its import containers whose line's clock still runs.
CREATE INDEX "trips_running_containers_idx" ON "trips" USING btree ("customer_company_id")
  WHERE cancelled_at IS NULL
    AND ((cargo_type = 'IMPORT_LINER_OWNED' AND empty_dropped_at IS NULL)
      OR (cargo_type = 'IMPORT_SHIPPER_OWNED' AND loaded_at IS NULL));--> statement-breakpoint
-- An invoice's charges, payments and payout show on its trip and in both companies' money lists, kept
-- like the lists of migration 0014 (plugins/company-answers.ts): each write announces both companies.
CREATE FUNCTION notify_invoice_row_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT i.customer_company_id AS c FROM invoices i WHERE i.id IN (SELECT invoice_id FROM added)
          UNION SELECT i.transporter_company_id FROM invoices i WHERE i.id IN (SELECT invoice_id FROM added)) s
    WHERE c IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT i.customer_company_id AS c FROM invoices i WHERE i.id IN (SELECT invoice_id FROM removed)
          UNION SELECT i.transporter_company_id FROM invoices i WHERE i.id IN (SELECT invoice_id FROM removed)) s
    WHERE c IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT create_change_triggers('invoice_charges', 'notify_invoice_row_companies');--> statement-breakpoint
SELECT create_change_triggers('payments', 'notify_invoice_row_companies');--> statement-breakpoint
SELECT create_change_triggers('payouts', 'notify_invoice_row_companies');
