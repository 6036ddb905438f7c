-- Signed-in answers kept per API instance (plugins/company-answers.ts): every change a company's lists
-- show is announced on the company_changed channel with the company's id, or "*" when it may show in
-- every company's lists (a company's or a person's name, a terminal, a shipping line). NOTIFY is
-- delivered at commit, so a rolled-back change announces nothing, and PostgreSQL sends a payload once
-- per transaction however many rows changed. Statement triggers read the changed rows as transition
-- tables: a bulk write announces each company once. They fire always, also for bulk loads that switch
-- ordinary triggers off (session_replication_role = replica, as the bench seed does).
CREATE FUNCTION notify_trip_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT customer_company_id AS c FROM added UNION SELECT transporter_company_id FROM added) s
    WHERE c IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT customer_company_id AS c FROM removed UNION SELECT transporter_company_id FROM removed) s
    WHERE c IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trips_company_inserted AFTER INSERT ON trips REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
CREATE TRIGGER trips_company_updated AFTER UPDATE ON trips REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
CREATE TRIGGER trips_company_deleted AFTER DELETE ON trips REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
ALTER TABLE trips ENABLE ALWAYS TRIGGER trips_company_inserted;
--> statement-breakpoint
ALTER TABLE trips ENABLE ALWAYS TRIGGER trips_company_updated;
--> statement-breakpoint
ALTER TABLE trips ENABLE ALWAYS TRIGGER trips_company_deleted;
--> statement-breakpoint
-- A row of a trip (its consignment, an issue) shows on the trip: both of the trip's companies.
CREATE FUNCTION notify_trip_row_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT t.customer_company_id AS c FROM trips t WHERE t.id IN (SELECT trip_id FROM added)
          UNION SELECT t.transporter_company_id FROM trips t WHERE t.id IN (SELECT trip_id FROM added)) s
    WHERE c IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT t.customer_company_id AS c FROM trips t WHERE t.id IN (SELECT trip_id FROM removed)
          UNION SELECT t.transporter_company_id FROM trips t WHERE t.id IN (SELECT trip_id FROM removed)) s
    WHERE c IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consignments_company_inserted AFTER INSERT ON consignments REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
CREATE TRIGGER consignments_company_updated AFTER UPDATE ON consignments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
CREATE TRIGGER consignments_company_deleted AFTER DELETE ON consignments REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
ALTER TABLE consignments ENABLE ALWAYS TRIGGER consignments_company_inserted;
--> statement-breakpoint
ALTER TABLE consignments ENABLE ALWAYS TRIGGER consignments_company_updated;
--> statement-breakpoint
ALTER TABLE consignments ENABLE ALWAYS TRIGGER consignments_company_deleted;
--> statement-breakpoint
-- An order shows in its customer's lists and on its trips, so in their transporters' lists too.
CREATE FUNCTION notify_order_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT customer_company_id AS c FROM added
          UNION SELECT t.transporter_company_id FROM trips t WHERE t.order_id IN (SELECT id FROM added)) s
    WHERE c IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT customer_company_id AS c FROM removed
          UNION SELECT t.transporter_company_id FROM trips t WHERE t.order_id IN (SELECT id FROM removed)) s
    WHERE c IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_company_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_companies();
--> statement-breakpoint
CREATE TRIGGER orders_company_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_companies();
--> statement-breakpoint
CREATE TRIGGER orders_company_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_companies();
--> statement-breakpoint
ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_company_inserted;
--> statement-breakpoint
ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_company_updated;
--> statement-breakpoint
ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_company_deleted;
--> statement-breakpoint
-- Companies' names, terminals and shipping lines show in other companies' lists: every answer goes. A new
-- one is in no list yet.
CREATE FUNCTION notify_every_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('company_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_every_company AFTER UPDATE OF name OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_company();
--> statement-breakpoint
CREATE TRIGGER terminals_every_company AFTER UPDATE OR DELETE ON terminals
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_company();
--> statement-breakpoint
CREATE TRIGGER shipping_lines_every_company AFTER UPDATE OR DELETE ON shipping_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_company();
--> statement-breakpoint
ALTER TABLE companies ENABLE ALWAYS TRIGGER companies_every_company;
--> statement-breakpoint
ALTER TABLE terminals ENABLE ALWAYS TRIGGER terminals_every_company;
--> statement-breakpoint
ALTER TABLE shipping_lines ENABLE ALWAYS TRIGGER shipping_lines_every_company;
--> statement-breakpoint
-- An issue shows on its trip, like a consignment.
CREATE TRIGGER trip_issues_company_inserted AFTER INSERT ON trip_issues REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
CREATE TRIGGER trip_issues_company_updated AFTER UPDATE ON trip_issues
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
CREATE TRIGGER trip_issues_company_deleted AFTER DELETE ON trip_issues REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_row_companies();
--> statement-breakpoint
ALTER TABLE trip_issues ENABLE ALWAYS TRIGGER trip_issues_company_inserted;
--> statement-breakpoint
ALTER TABLE trip_issues ENABLE ALWAYS TRIGGER trip_issues_company_updated;
--> statement-breakpoint
ALTER TABLE trip_issues ENABLE ALWAYS TRIGGER trip_issues_company_deleted;
--> statement-breakpoint
-- People's names show on the issues they opened or resolved, in both companies' lists.
CREATE TRIGGER users_every_company AFTER UPDATE OF first_name, last_name OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_company();
--> statement-breakpoint
CREATE TRIGGER drivers_every_company AFTER UPDATE OF first_name, last_name OR DELETE ON drivers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_company();
--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_every_company;
--> statement-breakpoint
ALTER TABLE drivers ENABLE ALWAYS TRIGGER drivers_every_company;
--> statement-breakpoint
-- A bid counts on its order (the customer's lists) and shows in its transporter's.
CREATE FUNCTION notify_bid_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT o.customer_company_id AS c FROM orders o WHERE o.id IN (SELECT order_id FROM added)
          UNION SELECT transporter_company_id FROM added) s
    WHERE c IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('company_changed', c::text)
    FROM (SELECT o.customer_company_id AS c FROM orders o WHERE o.id IN (SELECT order_id FROM removed)
          UNION SELECT transporter_company_id FROM removed) s
    WHERE c IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bids_company_inserted AFTER INSERT ON bids REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_bid_companies();
--> statement-breakpoint
CREATE TRIGGER bids_company_updated AFTER UPDATE ON bids REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_bid_companies();
--> statement-breakpoint
CREATE TRIGGER bids_company_deleted AFTER DELETE ON bids REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_bid_companies();
--> statement-breakpoint
ALTER TABLE bids ENABLE ALWAYS TRIGGER bids_company_inserted;
--> statement-breakpoint
ALTER TABLE bids ENABLE ALWAYS TRIGGER bids_company_updated;
--> statement-breakpoint
ALTER TABLE bids ENABLE ALWAYS TRIGGER bids_company_deleted;
--> statement-breakpoint
-- An invoice names its trip's two companies the way a trip does.
CREATE TRIGGER invoices_company_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
CREATE TRIGGER invoices_company_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
CREATE TRIGGER invoices_company_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_trip_companies();
--> statement-breakpoint
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_company_inserted;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_company_updated;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_company_deleted;
