-- The trip list's order indexes carry what the list's filters read (the status, completion and cancellation)
-- and the trip's id (decision 039): a search or a status filter walks the list's order and checks each trip
-- from the index alone, instead of reading each trip's wide row from the table, which at a million trips was
-- most of a search's time. Same keys, so the plans that used them are unchanged.
DROP INDEX IF EXISTS "trips_customer_list_idx";
--> statement-breakpoint
CREATE INDEX "trips_customer_list_idx" ON "trips" USING btree ("customer_company_id","latest_status_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"trip_number" DESC NULLS FIRST)
  INCLUDE ("id", "latest_status", "completed", "cancelled_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "trips_transporter_list_idx";
--> statement-breakpoint
CREATE INDEX "trips_transporter_list_idx" ON "trips" USING btree ("transporter_company_id","latest_status_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"trip_number" DESC NULLS FIRST)
  INCLUDE ("id", "latest_status", "completed", "cancelled_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "trips_list_idx";
--> statement-breakpoint
CREATE INDEX "trips_list_idx" ON "trips" USING btree ("latest_status_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"trip_number" DESC NULLS FIRST)
  INCLUDE ("id", "latest_status", "completed", "cancelled_at");
