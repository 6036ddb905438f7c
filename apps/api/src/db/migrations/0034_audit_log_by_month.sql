-- The audit log partitioned by month of created_at (decision 044). It is kept whole: no partition is ever
-- dropped, but a month's rows are one table, so a year's audit is twelve tables whose indexes stay the size
-- of a month, and an archive can take a closed month away as a file (docs/deploy.md). A job makes the
-- months ahead; the default partition catches a row whose month has none yet, so no change is ever refused
-- for want of a partition. The unique key of a partitioned table holds the partition key: (id, created_at).
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";
--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";
--> statement-breakpoint
ALTER INDEX "audit_log_entity_idx" RENAME TO "audit_log_unpartitioned_entity_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_company_idx" RENAME TO "audit_log_unpartitioned_company_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_created_idx" RENAME TO "audit_log_unpartitioned_created_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_actor_idx" RENAME TO "audit_log_unpartitioned_actor_idx";
--> statement-breakpoint
-- The ids go on from where they were: the sequence passes to the new table.
ALTER SEQUENCE "audit_log_id_seq" OWNED BY NONE;
--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
	"actor_user_id" uuid,
	"company_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"data" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";
--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;
--> statement-breakpoint
-- Makes the month partitions (audit_log_pYYYYMM, UTC months) missing for the months of first_day..last_day.
-- A month the default partition already holds rows of is left to it: the rows would have to be deleted to
-- move, and nothing deletes from the audit log. Returns how many partitions it made.
CREATE FUNCTION ensure_audit_log_partitions(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', first_day)::date;
  part_name text;
  lo_at timestamptz;
  hi_at timestamptz;
  made integer := 0;
BEGIN
  WHILE m <= last_day LOOP
    part_name := 'audit_log_p' || to_char(m, 'YYYYMM');
    lo_at := m::timestamp AT TIME ZONE 'UTC';
    hi_at := (m + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    IF to_regclass(part_name) IS NULL
       AND NOT EXISTS (SELECT 1 FROM audit_log_default WHERE created_at >= lo_at AND created_at < hi_at) THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
                     part_name, lo_at, hi_at);
      made := made + 1;
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT ensure_audit_log_partitions(
  coalesce((SELECT min(created_at AT TIME ZONE 'UTC')::date FROM audit_log_unpartitioned), (now() AT TIME ZONE 'UTC')::date),
  ((now() AT TIME ZONE 'UTC') + interval '3 months')::date
);
--> statement-breakpoint
INSERT INTO "audit_log" SELECT * FROM "audit_log_unpartitioned";
--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");
--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Append-only as before (migration 0018): the row triggers reach every partition, the TRUNCATE trigger the
-- whole table. Nothing in the app truncates or detaches a partition, and the app's role owns no other way in.
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
