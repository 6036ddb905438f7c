-- Order search at scale (decision 039): one text per order holding what the customer's order search matches
-- (its number, client, reference and its items' container numbers), kept by the triggers below, with a
-- trigram index, as trip_search is for trips (migration 0029).
CREATE TABLE "order_search" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_search" ADD CONSTRAINT "order_search_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION refresh_order_search(order_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_search AS s (order_id, document)
  SELECT o.id, concat_ws(' ', o.order_number, o.client_name, o.reference,
    (SELECT string_agg(i.container_number, ' ' ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id))
  FROM orders o
  WHERE o.id = ANY(order_ids)
  ON CONFLICT (order_id) DO UPDATE SET document = EXCLUDED.document
  WHERE s.document IS DISTINCT FROM EXCLUDED.document;
$$;
--> statement-breakpoint
CREATE FUNCTION order_search_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search(ARRAY(SELECT id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_search_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_orders_inserted();
--> statement-breakpoint
CREATE FUNCTION order_search_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A status move, a bid count or a closing time changes none of these columns, and refreshes nothing.
CREATE TRIGGER order_search_order_changed AFTER UPDATE OF order_number, client_name, reference ON orders
  FOR EACH ROW WHEN (OLD.order_number IS DISTINCT FROM NEW.order_number
    OR OLD.client_name IS DISTINCT FROM NEW.client_name
    OR OLD.reference IS DISTINCT FROM NEW.reference)
  EXECUTE FUNCTION order_search_order_changed();
--> statement-breakpoint
CREATE FUNCTION order_search_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search(ARRAY(SELECT DISTINCT order_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_search_items_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search(ARRAY(SELECT DISTINCT order_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_search_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search(ARRAY[OLD.order_id, NEW.order_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_search_items_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_items_added();
--> statement-breakpoint
CREATE TRIGGER order_search_items_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_items_removed();
--> statement-breakpoint
CREATE TRIGGER order_search_item_changed AFTER UPDATE OF container_number, order_id ON order_items
  FOR EACH ROW WHEN (OLD.container_number IS DISTINCT FROM NEW.container_number OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION order_search_item_changed();
--> statement-breakpoint
INSERT INTO order_search (order_id, document)
SELECT o.id, concat_ws(' ', o.order_number, o.client_name, o.reference, i.containers)
FROM orders o
LEFT JOIN (
  SELECT order_id, string_agg(container_number, ' ' ORDER BY position) AS containers
  FROM order_items GROUP BY order_id
) i ON i.order_id = o.id;
--> statement-breakpoint
CREATE INDEX "order_search_document_idx" ON "order_search" USING gin ("document" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "order_search" ALTER COLUMN "document" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "order_search";
