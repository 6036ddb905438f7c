-- A transporter's won trips are listed newest award first and, within an award (its trips share a creation
-- time), by trip number (bid.repository listWonTrips). The awards report index held the creation time
-- only, so a page of won trips sorted every trip of the newest awards, and a searched page (which walks the
-- list in its order until it has found a page) read thousands of trips for 21. Keyed in the list's own
-- order, the same index serves the reports' ranges of creation time as before.
DROP INDEX "trips_transporter_awarded_report_idx";
--> statement-breakpoint
CREATE INDEX "trips_transporter_awarded_report_idx" ON "trips" ("transporter_company_id", "created_at" DESC, "trip_number")
  INCLUDE ("amount_kobo", "cancelled_at");
