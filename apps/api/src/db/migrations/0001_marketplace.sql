CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"created_by" uuid,
	"amount_kobo" bigint NOT NULL,
	"trucks_available" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"container_number" text,
	"container_size" text,
	"liner_id" uuid,
	"delivery_order_validity_date" date,
	"description" text,
	"quantity" integer,
	"weight_kg" integer,
	"truck_type" text,
	"awarded_bid_id" uuid
);
--> statement-breakpoint
CREATE TABLE "order_watches" (
	"order_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_watches_transporter_company_id_order_id_pk" PRIMARY KEY("transporter_company_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"customer_company_id" uuid NOT NULL,
	"created_by" uuid,
	"cargo_type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"client_name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"pickup_terminal_id" uuid,
	"pickup_address" jsonb,
	"recipient_terminal_id" uuid,
	"recipient_address" jsonb,
	"pickup_state" text NOT NULL,
	"pickup_date" date NOT NULL,
	"bidding_closes_at" timestamp with time zone NOT NULL,
	"target_amount_kobo" bigint,
	"preferred_partners_only" boolean DEFAULT false NOT NULL,
	"quote_document_id" uuid,
	"item_count" integer NOT NULL,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"awarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "preferred_partners" (
	"customer_company_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferred_partners_customer_company_id_transporter_company_id_pk" PRIMARY KEY("customer_company_id","transporter_company_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "shipping_lines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"operator" text NOT NULL,
	"kind" text NOT NULL,
	"port" text NOT NULL,
	"city" text NOT NULL,
	"lga" text NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "terminals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "consignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"container_number" text,
	"container_size" text,
	"liner_id" uuid,
	"delivery_order_validity_date" date,
	"description" text,
	"quantity" integer,
	"weight_kg" integer,
	"truck_type" text,
	CONSTRAINT "consignments_trip_id_unique" UNIQUE("trip_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"trip_id" uuid NOT NULL,
	"customer_company_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'PENDING_PAYMENT' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_trip_id_unique" UNIQUE("trip_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_number" text NOT NULL,
	"tracking_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"customer_company_id" uuid NOT NULL,
	"transporter_company_id" uuid NOT NULL,
	"cargo_type" text NOT NULL,
	"pickup_terminal_id" uuid,
	"pickup_address" jsonb,
	"recipient_terminal_id" uuid,
	"recipient_address" jsonb,
	"pickup_date" date NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"latest_status" text,
	"latest_status_at" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"resources_assigned" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_trip_number_unique" UNIQUE("trip_number"),
	CONSTRAINT "trips_tracking_id_unique" UNIQUE("tracking_id"),
	CONSTRAINT "trips_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_liner_id_shipping_lines_id_fk" FOREIGN KEY ("liner_id") REFERENCES "public"."shipping_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_watches" ADD CONSTRAINT "order_watches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_watches" ADD CONSTRAINT "order_watches_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_company_id_companies_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_terminal_id_terminals_id_fk" FOREIGN KEY ("pickup_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_terminal_id_terminals_id_fk" FOREIGN KEY ("recipient_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_document_id_order_documents_id_fk" FOREIGN KEY ("quote_document_id") REFERENCES "public"."order_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_partners" ADD CONSTRAINT "preferred_partners_customer_company_id_companies_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_partners" ADD CONSTRAINT "preferred_partners_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_liner_id_shipping_lines_id_fk" FOREIGN KEY ("liner_id") REFERENCES "public"."shipping_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_company_id_companies_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_customer_company_id_companies_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_transporter_company_id_companies_id_fk" FOREIGN KEY ("transporter_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_pickup_terminal_id_terminals_id_fk" FOREIGN KEY ("pickup_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_recipient_terminal_id_terminals_id_fk" FOREIGN KEY ("recipient_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_order_transporter_idx" ON "bids" USING btree ("order_id","transporter_company_id");--> statement-breakpoint
CREATE INDEX "bids_transporter_idx" ON "bids" USING btree ("transporter_company_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_position_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("created_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "preferred_partners_transporter_idx" ON "preferred_partners" USING btree ("transporter_company_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_pending_idx" ON "invoices" USING btree ("customer_company_id") WHERE status = 'PENDING_PAYMENT';--> statement-breakpoint
CREATE INDEX "trips_customer_idx" ON "trips" USING btree ("customer_company_id","completed","created_at");--> statement-breakpoint
CREATE INDEX "trips_transporter_idx" ON "trips" USING btree ("transporter_company_id","completed","created_at");--> statement-breakpoint
CREATE INDEX "trips_order_idx" ON "trips" USING btree ("order_id");