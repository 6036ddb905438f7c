-- Trip search at a million trips (decision 039): one text per trip holding what a search matches, kept by the
-- triggers below, and a trigram index on it, so a search word finds its trips through the index instead of
-- reading every trip with its order and consignment.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "trip_search" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_search" ADD CONSTRAINT "trip_search_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The searched texts of some trips, written anew; a text that did not change is not rewritten. The trip's
-- invoice number is in it too: the invoice list searches through it (an invoice is one trip's).
CREATE FUNCTION refresh_trip_search(trip_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trip_search AS s (trip_id, document)
  SELECT t.id, concat_ws(' ', t.trip_number, c.container_number, o.order_number, o.client_name, o.reference,
    i.invoice_number)
  FROM trips t
  JOIN orders o ON o.id = t.order_id
  LEFT JOIN consignments c ON c.trip_id = t.id
  LEFT JOIN invoices i ON i.trip_id = t.id
  WHERE t.id = ANY(trip_ids)
  ON CONFLICT (trip_id) DO UPDATE SET document = EXCLUDED.document
  WHERE s.document IS DISTINCT FROM EXCLUDED.document;
$$;
--> statement-breakpoint
CREATE FUNCTION trip_search_trips_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY(SELECT id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement triggers with the rows written: an award that makes twenty trips refreshes them in one statement.
CREATE TRIGGER trip_search_trips_inserted AFTER INSERT ON trips REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_trips_inserted();
--> statement-breakpoint
CREATE FUNCTION trip_search_trip_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row triggers where a column list says which changes matter (a status move changes none of them).
CREATE TRIGGER trip_search_trip_changed AFTER UPDATE OF trip_number, order_id ON trips
  FOR EACH ROW WHEN (OLD.trip_number IS DISTINCT FROM NEW.trip_number OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION trip_search_trip_changed();
--> statement-breakpoint
-- For the rows of a trip (a consignment, an invoice) written or removed, with the trip_id column.
CREATE FUNCTION trip_search_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY(SELECT trip_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION trip_search_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY(SELECT trip_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION trip_search_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY[OLD.trip_id, NEW.trip_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_consignments_inserted AFTER INSERT ON consignments REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_rows_added();
--> statement-breakpoint
CREATE TRIGGER trip_search_consignments_deleted AFTER DELETE ON consignments REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_rows_removed();
--> statement-breakpoint
CREATE TRIGGER trip_search_consignment_changed AFTER UPDATE OF container_number, trip_id ON consignments
  FOR EACH ROW WHEN (OLD.container_number IS DISTINCT FROM NEW.container_number OR OLD.trip_id IS DISTINCT FROM NEW.trip_id)
  EXECUTE FUNCTION trip_search_row_changed();
--> statement-breakpoint
CREATE TRIGGER trip_search_invoices_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_rows_added();
--> statement-breakpoint
CREATE TRIGGER trip_search_invoices_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_rows_removed();
--> statement-breakpoint
CREATE TRIGGER trip_search_invoice_changed AFTER UPDATE OF invoice_number, trip_id ON invoices
  FOR EACH ROW WHEN (OLD.invoice_number IS DISTINCT FROM NEW.invoice_number OR OLD.trip_id IS DISTINCT FROM NEW.trip_id)
  EXECUTE FUNCTION trip_search_row_changed();
--> statement-breakpoint
CREATE FUNCTION trip_search_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_trip_search(ARRAY(SELECT id FROM trips WHERE order_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_order_changed AFTER UPDATE OF order_number, client_name, reference ON orders
  FOR EACH ROW WHEN (OLD.order_number IS DISTINCT FROM NEW.order_number
    OR OLD.client_name IS DISTINCT FROM NEW.client_name
    OR OLD.reference IS DISTINCT FROM NEW.reference)
  EXECUTE FUNCTION trip_search_order_changed();
--> statement-breakpoint
INSERT INTO trip_search (trip_id, document)
SELECT t.id, concat_ws(' ', t.trip_number, c.container_number, o.order_number, o.client_name, o.reference,
  i.invoice_number)
FROM trips t
JOIN orders o ON o.id = t.order_id
LEFT JOIN consignments c ON c.trip_id = t.id
LEFT JOIN invoices i ON i.trip_id = t.id;
--> statement-breakpoint
-- Built after the rows are in: one sorted build rather than a million single inserts.
CREATE INDEX "trip_search_document_idx" ON "trip_search" USING gin ("document" gin_trgm_ops);
--> statement-breakpoint
-- A finer histogram of the texts: the planner reads from it how many trips a word matches, and so whether
-- to walk the list's order or start from the word's matches.
ALTER TABLE "trip_search" ALTER COLUMN "document" SET STATISTICS 1000;
--> statement-breakpoint
-- Read now, not when autovacuum comes by: without them the first searches of a big installation would be
-- planned blind.
ANALYZE "trip_search";
