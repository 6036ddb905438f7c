CREATE TABLE "lga_centres" (
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "lga_centres_state_lga_pk" PRIMARY KEY("state","lga")
);
--> statement-breakpoint
CREATE TABLE "return_load_notices" (
	"trip_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_load_notices_trip_id_order_id_pk" PRIMARY KEY("trip_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "return_load_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trip_id" uuid,
	"order_id" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "return_load_radius_km" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_loads_welcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_latitude" double precision;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "delivery_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "delivery_longitude" double precision;--> statement-breakpoint
ALTER TABLE "return_load_notices" ADD CONSTRAINT "return_load_notices_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_load_notices" ADD CONSTRAINT "return_load_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_live_delivery_point_idx" ON "trips" USING btree ("delivery_latitude","delivery_longitude") WHERE completed = false AND cancelled_at IS NULL AND truck_id IS NOT NULL AND delivery_latitude IS NOT NULL;--> statement-breakpoint
-- Return loads (docs/decisions/036-return-loads.md). An address is placed at its LGA's centre, as the
-- geofences place it: the gazetteer's first place of the LGA, loaded here and held equal to it by a test.
INSERT INTO lga_centres (state, lga, latitude, longitude) VALUES
  ('Abia', 'Umuahia North', 5.525, 7.494),
  ('Adamawa', 'Yola North', 9.2035, 12.4954),
  ('Akwa Ibom', 'Uyo', 5.0377, 7.9128),
  ('Anambra', 'Awka South', 6.2104, 7.0741),
  ('Bauchi', 'Bauchi', 10.3158, 9.8442),
  ('Bayelsa', 'Yenagoa', 4.9267, 6.2676),
  ('Benue', 'Makurdi', 7.7322, 8.5391),
  ('Borno', 'Maiduguri', 11.8311, 13.151),
  ('Cross River', 'Calabar Municipal', 4.9757, 8.3417),
  ('Delta', 'Oshimili South', 6.198, 6.732),
  ('Ebonyi', 'Abakaliki', 6.3249, 8.1137),
  ('Edo', 'Oredo', 6.335, 5.6037),
  ('Ekiti', 'Ado Ekiti', 7.6211, 5.2214),
  ('Enugu', 'Enugu North', 6.4413, 7.4988),
  ('FCT', 'Municipal Area Council', 9.0579, 7.4951),
  ('Gombe', 'Gombe', 10.2897, 11.1673),
  ('Imo', 'Owerri Municipal', 5.484, 7.0351),
  ('Jigawa', 'Dutse', 11.7564, 9.3383),
  ('Kaduna', 'Kaduna North', 10.5264, 7.4388),
  ('Kano', 'Kano Municipal', 11.9964, 8.5167),
  ('Katsina', 'Katsina', 12.9908, 7.6018),
  ('Kebbi', 'Birnin Kebbi', 12.4539, 4.1975),
  ('Kogi', 'Lokoja', 7.8023, 6.7333),
  ('Kwara', 'Ilorin West', 8.4966, 4.5426),
  ('Lagos', 'Ikeja', 6.6018, 3.3515),
  ('Nasarawa', 'Lafia', 8.4939, 8.5153),
  ('Niger', 'Chanchaga', 9.6139, 6.5569),
  ('Ogun', 'Abeokuta South', 7.1475, 3.3619),
  ('Ondo', 'Akure South', 7.2571, 5.2058),
  ('Osun', 'Osogbo', 7.7827, 4.5418),
  ('Oyo', 'Ibadan North-West', 7.3776, 3.9059),
  ('Plateau', 'Jos North', 9.9285, 8.8921),
  ('Rivers', 'Port Harcourt', 4.7774, 7.0134),
  ('Sokoto', 'Sokoto North', 13.0627, 5.2432),
  ('Taraba', 'Jalingo', 8.8937, 11.3596),
  ('Yobe', 'Damaturu', 11.747, 11.9608),
  ('Zamfara', 'Gusau', 12.1628, 6.6614),
  ('Lagos', 'Agege', 6.618, 3.3209),
  ('Lagos', 'Ajeromi-Ifelodun', 6.455, 3.334),
  ('Lagos', 'Alimosho', 6.549, 3.263),
  ('Lagos', 'Amuwo-Odofin', 6.466, 3.283),
  ('Lagos', 'Apapa', 6.449, 3.359),
  ('Lagos', 'Badagry', 6.4153, 2.8813),
  ('Lagos', 'Epe', 6.5841, 3.9834),
  ('Lagos', 'Eti-Osa', 6.4463, 3.4772),
  ('Lagos', 'Ibeju-Lekki', 6.4379, 3.9309),
  ('Lagos', 'Ifako-Ijaiye', 6.65, 3.322),
  ('Lagos', 'Ikorodu', 6.6194, 3.5105),
  ('Lagos', 'Kosofe', 6.595, 3.395),
  ('Lagos', 'Lagos Island', 6.4541, 3.3947),
  ('Lagos', 'Lagos Mainland', 6.497, 3.378),
  ('Lagos', 'Mushin', 6.5273, 3.3414),
  ('Lagos', 'Ojo', 6.46, 3.18),
  ('Lagos', 'Oshodi-Isolo', 6.555, 3.343),
  ('Lagos', 'Shomolu', 6.5392, 3.3842),
  ('Lagos', 'Surulere', 6.4969, 3.3481),
  ('Ogun', 'Ado-Odo/Ota', 6.51, 3.08),
  ('Ogun', 'Ifo', 6.815, 3.195),
  ('Ogun', 'Ewekoro', 6.933, 3.217),
  ('Ogun', 'Abeokuta North', 7.17, 3.28),
  ('Ogun', 'Odeda', 7.217, 3.528),
  ('Ogun', 'Obafemi Owode', 6.695, 3.41),
  ('Ogun', 'Sagamu', 6.8485, 3.6463),
  ('Ogun', 'Ikenne', 6.8703, 3.7148),
  ('Ogun', 'Remo North', 6.993, 3.683),
  ('Ogun', 'Ijebu Ode', 6.82, 3.92),
  ('Oyo', 'Oluyole', 7.2329, 3.8615),
  ('Oyo', 'Ibadan South-West', 7.36, 3.87),
  ('Oyo', 'Ibadan North-East', 7.405, 3.933),
  ('Oyo', 'Egbeda', 7.3772, 4.0498),
  ('Oyo', 'Ona Ara', 7.26, 4.04),
  ('Oyo', 'Akinyele', 7.47, 3.914),
  ('Oyo', 'Ido', 7.471, 3.7574),
  ('Oyo', 'Oyo West', 7.85, 3.9333),
  ('Oyo', 'Oyo East', 7.86, 3.96),
  ('Oyo', 'Ogbomosho North', 8.1333, 4.25),
  ('Oyo', 'Ogbomosho South', 8.11, 4.26),
  ('Kwara', 'Ilorin East', 8.58, 4.7),
  ('Kwara', 'Ilorin South', 8.4484, 4.7208),
  ('Kwara', 'Moro', 8.938, 4.782),
  ('Niger', 'Mokwa', 9.295, 5.054),
  ('Niger', 'Mashegu', 9.97, 5.78),
  ('Niger', 'Kontagora', 10.4, 5.47),
  ('Niger', 'Rafi', 10.07, 6.19),
  ('Niger', 'Bida', 9.08, 6.01),
  ('Niger', 'Lapai', 9.044, 6.57),
  ('Niger', 'Suleja', 9.18, 7.18),
  ('Niger', 'Tafa', 9.25, 7.23),
  ('FCT', 'Gwagwalada', 9.1, 7.2),
  ('FCT', 'Bwari', 9.28, 7.38),
  ('Kaduna', 'Kagarko', 9.57, 7.43),
  ('Kaduna', 'Chikun', 10.37, 7.4),
  ('Kaduna', 'Kaduna South', 10.48, 7.42),
  ('Kaduna', 'Igabi', 10.64, 7.47),
  ('Kaduna', 'Zaria', 11.0855, 7.7199),
  ('Kaduna', 'Sabon Gari', 11.16, 7.65),
  ('Kano', 'Kiru', 11.7, 8.13),
  ('Kano', 'Bebeji', 11.67, 8.27),
  ('Kano', 'Garun Mallam', 11.66, 8.38),
  ('Kano', 'Kura', 11.77, 8.43),
  ('Kano', 'Kumbotso', 11.9, 8.5),
  ('Kano', 'Tarauni', 11.97, 8.55),
  ('Kano', 'Gwale', 11.98, 8.49),
  ('Kano', 'Dala', 12.01, 8.5),
  ('Kano', 'Fagge', 12.005, 8.525),
  ('Kano', 'Nasarawa', 12, 8.55),
  ('Kano', 'Ungogo', 12.08, 8.49),
  ('Kano', 'Dawakin Tofa', 12.1, 8.33),
  ('Kano', 'Gezawa', 12.1, 8.75),
  ('Rivers', 'Obio/Akpor', 4.87, 6.99),
  ('Rivers', 'Eleme', 4.79, 7.12),
  ('Rivers', 'Okrika', 4.74, 7.08),
  ('Rivers', 'Oyigbo', 4.88, 7.15),
  ('Rivers', 'Ikwerre', 5, 6.88),
  ('Rivers', 'Etche', 5.139, 7.1391),
  ('Rivers', 'Emohua', 4.89, 6.87),
  ('Rivers', 'Ahoada East', 5.08, 6.65),
  ('Abia', 'Aba North', 5.12, 7.37),
  ('Abia', 'Aba South', 5.1, 7.35),
  ('Abia', 'Osisioma', 5.15, 7.33),
  ('Abia', 'Ugwunagbo', 5.03, 7.33),
  ('Abia', 'Obi Ngwa', 5.1554, 7.4571),
  ('Abia', 'Isiala Ngwa North', 5.33, 7.4),
  ('Imo', 'Owerri North', 5.53, 7.07),
  ('Imo', 'Owerri West', 5.46, 6.98),
  ('Enugu', 'Enugu South', 6.42, 7.5),
  ('Enugu', 'Udi', 6.505, 7.39),
  ('Delta', 'Warri South', 5.5167, 5.75),
  ('Delta', 'Uvwie', 5.55, 5.78),
  ('Delta', 'Ughelli North', 5.5, 5.99),
  ('Delta', 'Sapele', 5.89, 5.68),
  ('Ondo', 'Odigbo', 6.75, 4.88),
  ('Anambra', 'Onitsha North', 6.145, 6.785);
--> statement-breakpoint
-- The open orders by pickup point, carrying what a truck's matches are filtered and ranked by, so a truck back
-- in Lagos, with thousands of orders in its box, reads the index alone (decision 036).
CREATE INDEX "orders_open_pickup_point_idx" ON "orders" USING btree ("pickup_latitude","pickup_longitude")
  INCLUDE ("pickup_date", "bidding_closes_at", "return_loads_welcome", "preferred_partners_only", "customer_company_id", "order_number")
  WHERE status = 'OPEN' AND pickup_latitude IS NOT NULL;
--> statement-breakpoint
-- An order's pickup and a trip's delivery are placed from their terminal (its gate, when known) or their
-- address (its LGA's centre), whoever writes the row: the API, the seeds, an edit.
CREATE FUNCTION place_point(terminal_id uuid, address jsonb, OUT latitude double precision, OUT longitude double precision)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF terminal_id IS NOT NULL THEN
    SELECT t.latitude, t.longitude INTO latitude, longitude FROM terminals t WHERE t.id = terminal_id;
  ELSIF address IS NOT NULL THEN
    SELECT c.latitude, c.longitude INTO latitude, longitude FROM lga_centres c
    WHERE c.state = address->>'state' AND c.lga = address->>'lga';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION place_order_pickup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.latitude, p.longitude INTO NEW.pickup_latitude, NEW.pickup_longitude
  FROM place_point(NEW.pickup_terminal_id, NEW.pickup_address) p;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_place_pickup BEFORE INSERT OR UPDATE OF pickup_terminal_id, pickup_address ON orders
  FOR EACH ROW EXECUTE FUNCTION place_order_pickup();
--> statement-breakpoint
CREATE FUNCTION place_trip_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.latitude, p.longitude INTO NEW.delivery_latitude, NEW.delivery_longitude
  FROM place_point(NEW.recipient_terminal_id, NEW.recipient_address) p;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trips_place_delivery BEFORE INSERT OR UPDATE OF recipient_terminal_id, recipient_address ON trips
  FOR EACH ROW EXECUTE FUNCTION place_trip_delivery();
--> statement-breakpoint
-- What may have new matches is noted in an append-only queue for the return-loads job: an order that opens
-- or moves its pickup, a live trip that gets a truck, an arrival, an ETA, an expected date or a new
-- delivery place. Status changes that move none of these write nothing.
CREATE FUNCTION queue_return_loads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    INSERT INTO return_load_queue (order_id) VALUES (NEW.id);
  ELSE
    INSERT INTO return_load_queue (trip_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_queue_return_loads AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.status = 'OPEN' AND NEW.pickup_latitude IS NOT NULL)
  EXECUTE FUNCTION queue_return_loads();
--> statement-breakpoint
CREATE TRIGGER orders_requeue_return_loads AFTER UPDATE ON orders FOR EACH ROW
  WHEN (NEW.status = 'OPEN' AND NEW.pickup_latitude IS NOT NULL AND (
    OLD.pickup_latitude IS DISTINCT FROM NEW.pickup_latitude
    OR OLD.pickup_longitude IS DISTINCT FROM NEW.pickup_longitude
    OR OLD.pickup_date IS DISTINCT FROM NEW.pickup_date))
  EXECUTE FUNCTION queue_return_loads();
--> statement-breakpoint
CREATE TRIGGER trips_queue_return_loads AFTER INSERT ON trips FOR EACH ROW
  WHEN (NEW.truck_id IS NOT NULL AND NEW.delivery_latitude IS NOT NULL AND NOT NEW.completed AND NEW.cancelled_at IS NULL)
  EXECUTE FUNCTION queue_return_loads();
--> statement-breakpoint
CREATE TRIGGER trips_requeue_return_loads AFTER UPDATE ON trips FOR EACH ROW
  WHEN (NEW.truck_id IS NOT NULL AND NEW.delivery_latitude IS NOT NULL AND NOT NEW.completed AND NEW.cancelled_at IS NULL AND (
    OLD.truck_id IS DISTINCT FROM NEW.truck_id
    OR OLD.delivery_latitude IS DISTINCT FROM NEW.delivery_latitude
    OR OLD.delivery_longitude IS DISTINCT FROM NEW.delivery_longitude
    OR OLD.arrived_delivery_at IS DISTINCT FROM NEW.arrived_delivery_at
    OR OLD.eta_typical_at IS DISTINCT FROM NEW.eta_typical_at
    OR OLD.expected_delivery_date IS DISTINCT FROM NEW.expected_delivery_date))
  EXECUTE FUNCTION queue_return_loads();
--> statement-breakpoint
-- Place what is live today; closed orders and finished trips are never searched.
UPDATE orders SET pickup_address = pickup_address WHERE status = 'OPEN';
--> statement-breakpoint
UPDATE trips SET recipient_address = recipient_address WHERE completed = false AND cancelled_at IS NULL;
