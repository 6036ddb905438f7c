CREATE TABLE "driver_cash_days" (
	"transporter_company_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"day" date NOT NULL,
	"advances_kobo" bigint DEFAULT 0 NOT NULL,
	"approved_kobo" bigint DEFAULT 0 NOT NULL,
	"waiting_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "driver_cash_days_transporter_company_id_driver_id_day_pk" PRIMARY KEY("transporter_company_id","driver_id","day")
);
--> statement-breakpoint
CREATE TABLE "driver_cash_totals" (
	"transporter_company_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"advances_kobo" bigint DEFAULT 0 NOT NULL,
	"approved_kobo" bigint DEFAULT 0 NOT NULL,
	"waiting_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "driver_cash_totals_transporter_company_id_driver_id_pk" PRIMARY KEY("transporter_company_id","driver_id")
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "approved_expenses_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payout_commission_bps" integer;--> statement-breakpoint
CREATE INDEX "driver_cash_days_company_day_idx" ON "driver_cash_days" USING btree ("transporter_company_id","day");--> statement-breakpoint
-- Decision 047. A trip's approved expenses are kept on the trip, and its payout's commission rate once the
-- invoice is paid: the trip profit and truck reports then read a trip's profit off the completed trips'
-- covering index, without a probe of its expenses, invoice and payout per trip.
CREATE FUNCTION refresh_trip_approved_expenses(trip_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE trips t SET approved_expenses_kobo = coalesce((SELECT sum(e.amount_kobo) FROM trip_expenses e
    WHERE e.trip_id = t.id AND e.status = 'APPROVED'), 0)
  WHERE t.id = ANY(trip_ids);
$$;
--> statement-breakpoint
SELECT refresh_trip_approved_expenses(ARRAY(SELECT DISTINCT trip_id FROM trip_expenses WHERE status = 'APPROVED'));
--> statement-breakpoint
UPDATE "trips" t SET "payout_commission_bps" = p."commission_basis_points"
FROM "payouts" p JOIN "invoices" i ON i."id" = p."invoice_id"
WHERE i."trip_id" = t."id";
--> statement-breakpoint
DROP INDEX "trips_transporter_completed_report_idx";
--> statement-breakpoint
CREATE INDEX "trips_transporter_completed_report_idx" ON "trips" ("transporter_company_id", "latest_status_at")
  INCLUDE ("amount_kobo", "truck_id", "approved_expenses_kobo", "payout_commission_bps")
  WHERE "completed";
--> statement-breakpoint
-- The expense report reads a company's expenses by when they were spent, off this index alone.
CREATE INDEX "trip_expenses_company_spent_idx" ON "trip_expenses" ("transporter_company_id", "spent_at")
  INCLUDE ("kind", "status", "amount_kobo", "litres", "receipt_size_bytes", "trip_id");
--> statement-breakpoint
-- One line's part of a driver's cash, added to its Lagos day and to the driver's totals (negative parts
-- take a line back out).
CREATE FUNCTION add_driver_cash(company uuid, driver uuid, spent timestamptz, advances bigint, approved bigint,
  waiting bigint, paid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF advances = 0 AND approved = 0 AND waiting = 0 AND paid = 0 THEN
    RETURN;
  END IF;
  INSERT INTO driver_cash_days AS d (transporter_company_id, driver_id, day, advances_kobo, approved_kobo,
    waiting_kobo, paid_kobo)
  VALUES (company, driver, ((spent AT TIME ZONE 'UTC') + interval '1 hour')::date, advances, approved, waiting, paid)
  ON CONFLICT (transporter_company_id, driver_id, day) DO UPDATE SET
    advances_kobo = d.advances_kobo + excluded.advances_kobo,
    approved_kobo = d.approved_kobo + excluded.approved_kobo,
    waiting_kobo = d.waiting_kobo + excluded.waiting_kobo,
    paid_kobo = d.paid_kobo + excluded.paid_kobo;
  INSERT INTO driver_cash_totals AS d (transporter_company_id, driver_id, advances_kobo, approved_kobo,
    waiting_kobo, paid_kobo)
  VALUES (company, driver, advances, approved, waiting, paid)
  ON CONFLICT (transporter_company_id, driver_id) DO UPDATE SET
    advances_kobo = d.advances_kobo + excluded.advances_kobo,
    approved_kobo = d.approved_kobo + excluded.approved_kobo,
    waiting_kobo = d.waiting_kobo + excluded.waiting_kobo,
    paid_kobo = d.paid_kobo + excluded.paid_kobo;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION keep_advance_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM add_driver_cash(OLD.transporter_company_id, OLD.driver_id, OLD.given_at, -OLD.amount_kobo, 0, 0, 0);
  ELSE
    PERFORM add_driver_cash(NEW.transporter_company_id, NEW.driver_id, NEW.given_at, NEW.amount_kobo, 0, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_advances_cash AFTER INSERT OR DELETE ON trip_advances
  FOR EACH ROW EXECUTE FUNCTION keep_advance_cash();
--> statement-breakpoint
CREATE FUNCTION keep_settlement_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM add_driver_cash(OLD.transporter_company_id, OLD.driver_id, OLD.settled_at, 0, 0, 0, -OLD.paid_kobo);
  ELSE
    PERFORM add_driver_cash(NEW.transporter_company_id, NEW.driver_id, NEW.settled_at, 0, 0, 0, NEW.paid_kobo);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_settlements_cash AFTER INSERT OR DELETE ON trip_settlements
  FOR EACH ROW EXECUTE FUNCTION keep_settlement_cash();
--> statement-breakpoint
-- An expense counts as approved or as waiting (PENDING, QUERIED) by its status; a change takes the old
-- line out and puts the new one in, on the trip and in the driver's cash.
CREATE FUNCTION keep_expense_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_driver_cash(OLD.transporter_company_id, OLD.driver_id, OLD.spent_at, 0,
      CASE WHEN OLD.status = 'APPROVED' THEN -OLD.amount_kobo ELSE 0 END,
      CASE WHEN OLD.status IN ('PENDING', 'QUERIED') THEN -OLD.amount_kobo ELSE 0 END, 0);
    IF OLD.status = 'APPROVED' THEN
      UPDATE trips SET approved_expenses_kobo = approved_expenses_kobo - OLD.amount_kobo WHERE id = OLD.trip_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM add_driver_cash(NEW.transporter_company_id, NEW.driver_id, NEW.spent_at, 0,
      CASE WHEN NEW.status = 'APPROVED' THEN NEW.amount_kobo ELSE 0 END,
      CASE WHEN NEW.status IN ('PENDING', 'QUERIED') THEN NEW.amount_kobo ELSE 0 END, 0);
    IF NEW.status = 'APPROVED' THEN
      UPDATE trips SET approved_expenses_kobo = approved_expenses_kobo + NEW.amount_kobo WHERE id = NEW.trip_id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_expenses_cash_inserted AFTER INSERT OR DELETE ON trip_expenses
  FOR EACH ROW EXECUTE FUNCTION keep_expense_cash();
--> statement-breakpoint
CREATE TRIGGER trip_expenses_cash_updated AFTER UPDATE ON trip_expenses
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo
    OR OLD.spent_at IS DISTINCT FROM NEW.spent_at OR OLD.driver_id IS DISTINCT FROM NEW.driver_id
    OR OLD.trip_id IS DISTINCT FROM NEW.trip_id)
  EXECUTE FUNCTION keep_expense_cash();
--> statement-breakpoint
CREATE FUNCTION keep_payout_commission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips t SET payout_commission_bps = NEW.commission_basis_points
  FROM invoices i WHERE i.id = NEW.invoice_id AND t.id = i.trip_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payouts_commission AFTER INSERT OR UPDATE OF commission_basis_points ON payouts
  FOR EACH ROW EXECUTE FUNCTION keep_payout_commission();
--> statement-breakpoint
-- A company's daily and all-time cash per driver worked out again from its lines: what the triggers keep,
-- for the lines recorded before this migration and for bulk loads written with the triggers off.
CREATE FUNCTION refresh_driver_cash(company_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM driver_cash_days WHERE transporter_company_id = ANY(company_ids);
  DELETE FROM driver_cash_totals WHERE transporter_company_id = ANY(company_ids);
  INSERT INTO driver_cash_days (transporter_company_id, driver_id, day, advances_kobo, approved_kobo,
    waiting_kobo, paid_kobo)
  SELECT company, driver, day, sum(advances), sum(approved), sum(waiting), sum(paid) FROM (
    SELECT transporter_company_id AS company, driver_id AS driver,
      ((given_at AT TIME ZONE 'UTC') + interval '1 hour')::date AS day,
      amount_kobo AS advances, 0 AS approved, 0 AS waiting, 0 AS paid
    FROM trip_advances WHERE transporter_company_id = ANY(company_ids)
    UNION ALL
    SELECT transporter_company_id, driver_id, ((spent_at AT TIME ZONE 'UTC') + interval '1 hour')::date, 0,
      CASE WHEN status = 'APPROVED' THEN amount_kobo ELSE 0 END,
      CASE WHEN status IN ('PENDING', 'QUERIED') THEN amount_kobo ELSE 0 END, 0
    FROM trip_expenses WHERE transporter_company_id = ANY(company_ids)
    UNION ALL
    SELECT transporter_company_id, driver_id, ((settled_at AT TIME ZONE 'UTC') + interval '1 hour')::date, 0, 0,
      0, paid_kobo
    FROM trip_settlements WHERE transporter_company_id = ANY(company_ids)
  ) lines GROUP BY company, driver, day;
  INSERT INTO driver_cash_totals (transporter_company_id, driver_id, advances_kobo, approved_kobo, waiting_kobo,
    paid_kobo)
  SELECT transporter_company_id, driver_id, sum(advances_kobo), sum(approved_kobo), sum(waiting_kobo),
    sum(paid_kobo)
  FROM driver_cash_days WHERE transporter_company_id = ANY(company_ids)
  GROUP BY transporter_company_id, driver_id;
END;
$$;
--> statement-breakpoint
SELECT refresh_driver_cash(ARRAY(SELECT DISTINCT transporter_company_id FROM trip_advances
  UNION SELECT transporter_company_id FROM trip_expenses UNION SELECT transporter_company_id FROM trip_settlements));
