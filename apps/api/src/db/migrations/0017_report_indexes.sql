-- The reports' covering indexes (docs/reports.md 1.7). A report over a company's million trips reads one
-- range of one of these, and the columns it aggregates come with the index entries (an index-only scan),
-- so a first page never reads the trips table itself. Each is keyed on the company and the report's
-- anchor; the live ones are partial, so they grow with the trips on the road, not with history.
-- Drizzle cannot write INCLUDE, so they are written here rather than in the schema.
--
-- Customer: operation, KPI, master and the executive's quality figures (pickup date); delivery, cargo
-- movement and the executive's deliveries (delivery time); loadout (loading time); cost and sales (award
-- time).
CREATE INDEX "trips_customer_pickup_report_idx" ON "trips" ("customer_company_id", "pickup_date", "trip_number")
  INCLUDE ("transporter_company_id", "cargo_type", "completed", "cancelled_at", "latest_status", "created_at",
    "expected_delivery_date", "amount_kobo", "started_at", "arrived_pickup_at", "loaded_at", "arrived_delivery_at",
    "delivered_at", "empty_dropped_at", "issue_count", "document_kinds");
--> statement-breakpoint
CREATE INDEX "trips_customer_delivered_report_idx" ON "trips" ("customer_company_id", "delivered_at", "trip_number")
  INCLUDE ("id", "cargo_type", "expected_delivery_date", "loaded_at", "document_kinds", "pickup_terminal_id",
    "pickup_state", "recipient_terminal_id", "recipient_state")
  WHERE "delivered_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "trips_customer_loaded_report_idx" ON "trips" ("customer_company_id", "loaded_at", "trip_number")
  INCLUDE ("pickup_date", "arrived_pickup_at", "arrived_pickup_by", "pickup_terminal_id", "pickup_address")
  WHERE "loaded_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "trips_customer_awarded_report_idx" ON "trips" ("customer_company_id", "created_at")
  INCLUDE ("order_id", "cargo_type", "cancelled_at", "amount_kobo", "weight_kg", "outstanding_kobo",
    "pickup_terminal_id", "pickup_state", "recipient_terminal_id", "recipient_state");
--> statement-breakpoint
-- Transporter: performance and driver (pickup date), performance's awards, completions (also the truck
-- report) and cancellations; the schedule, the active trips and their summaries (live trips only).
CREATE INDEX "trips_transporter_pickup_report_idx" ON "trips" ("transporter_company_id", "pickup_date")
  INCLUDE ("cancelled_at", "completed", "expected_delivery_date", "arrived_pickup_at", "loaded_at", "delivered_at",
    "issue_count", "driver_id");
--> statement-breakpoint
CREATE INDEX "trips_transporter_awarded_report_idx" ON "trips" ("transporter_company_id", "created_at")
  INCLUDE ("amount_kobo", "cancelled_at");
--> statement-breakpoint
CREATE INDEX "trips_transporter_completed_report_idx" ON "trips" ("transporter_company_id", "latest_status_at")
  INCLUDE ("amount_kobo", "truck_id")
  WHERE "completed";
--> statement-breakpoint
CREATE INDEX "trips_transporter_cancelled_report_idx" ON "trips" ("transporter_company_id", "cancelled_at")
  WHERE "cancelled_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "trips_transporter_live_pickup_report_idx" ON "trips" ("transporter_company_id", "pickup_date", "trip_number")
  INCLUDE ("expected_delivery_date", "truck_id", "driver_id", "latest_status", "latest_status_at", "started_at")
  WHERE "completed" = false AND "cancelled_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "trips_transporter_live_delivery_report_idx" ON "trips" ("transporter_company_id", "expected_delivery_date", "trip_number")
  INCLUDE ("truck_id")
  WHERE "completed" = false AND "cancelled_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "trips_transporter_ongoing_report_idx" ON "trips" ("transporter_company_id", "latest_status_at", "trip_number")
  INCLUDE ("started_at")
  WHERE "completed" = false AND "cancelled_at" IS NULL AND "latest_status" IS NOT NULL;
--> statement-breakpoint
-- Invoices: by issue (financial, invoice, executive's spend), by payment (payment report), and the unpaid
-- ones by due date (outstanding and overdue; it also serves every read the dropped
-- invoices_customer_pending_idx served).
CREATE INDEX "invoices_customer_created_report_idx" ON "invoices" ("customer_company_id", "created_at", "invoice_number")
  INCLUDE ("status", "amount_kobo", "due_at", "transporter_company_id", "trip_id", "cargo_type");
--> statement-breakpoint
CREATE INDEX "invoices_customer_paid_report_idx" ON "invoices" ("customer_company_id", "paid_at", "invoice_number")
  INCLUDE ("amount_kobo", "created_at", "due_at", "trip_id", "transporter_company_id")
  WHERE "status" = 'PAID';
--> statement-breakpoint
CREATE INDEX "invoices_customer_pending_due_idx" ON "invoices" ("customer_company_id", "due_at")
  INCLUDE ("amount_kobo")
  WHERE "status" = 'PENDING_PAYMENT';
--> statement-breakpoint
DROP INDEX "invoices_customer_pending_idx";
--> statement-breakpoint
-- What a trip carries, read per trip without the table: its container size and weight (cargo movement).
CREATE INDEX "consignments_trip_load_idx" ON "consignments" ("trip_id") INCLUDE ("container_size", "weight_kg");
--> statement-breakpoint
-- Deliveries an admin recorded without the handover code (the delivery report counts them).
CREATE INDEX "trip_status_logs_override_idx" ON "trip_status_logs" ("trip_id")
  WHERE "status" = 'DELIVERED' AND "undone_at" IS NULL AND "handover_override_reason" IS NOT NULL;
