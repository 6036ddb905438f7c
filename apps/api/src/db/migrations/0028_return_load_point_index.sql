-- A truck's matches are read from the index alone: it now carries the order's id as well, so the ranking of a
-- truck back in Lagos (thousands of orders in its box) visits no table page (decision 036).
DROP INDEX IF EXISTS "orders_open_pickup_point_idx";
--> statement-breakpoint
CREATE INDEX "orders_open_pickup_point_idx" ON "orders" USING btree ("pickup_latitude","pickup_longitude")
  INCLUDE ("id", "pickup_date", "bidding_closes_at", "return_loads_welcome", "preferred_partners_only", "customer_company_id", "order_number")
  WHERE status = 'OPEN' AND pickup_latitude IS NOT NULL;
