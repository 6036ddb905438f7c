-- The invoice list's order (soonest due first) per side and for the admins, so a page of a company's million
-- invoices, searched or not, is read in order and stops at its last row instead of sorting them all
-- (decision 039). The included columns answer the list's filters (status, the trip a search found) from the
-- index alone.
CREATE INDEX "invoices_customer_list_idx" ON "invoices" ("customer_company_id", "due_at", "invoice_number")
  INCLUDE ("id", "trip_id", "status");
--> statement-breakpoint
CREATE INDEX "invoices_transporter_list_idx" ON "invoices" ("transporter_company_id", "due_at", "invoice_number")
  INCLUDE ("id", "trip_id", "status");
--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" ("due_at", "invoice_number") INCLUDE ("id", "trip_id", "status");
