CREATE TABLE "trip_record_heads" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"head" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_record_links" (
	"trip_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"op" text NOT NULL,
	"content_hash" text,
	"prev_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_record_links_trip_id_seq_pk" PRIMARY KEY("trip_id","seq")
);
--> statement-breakpoint
ALTER TABLE "trip_documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "trip_record_heads" ADD CONSTRAINT "trip_record_heads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_record_links" ADD CONSTRAINT "trip_record_links_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_record_links_entry_idx" ON "trip_record_links" USING btree ("trip_id","kind","entry_id","seq");--> statement-breakpoint
-- Decision 049: each trip's record is chained. A write to a status log, issue, note, document or expense by
-- the app (its sessions carry freightlane.writer = 'app') appends a link, in the write's own transaction,
-- after locking the trip's head: writes to one trip at the same moment make one chain, in turn. A change made
-- straight in the database (a session without the setting) appends nothing, so the entry no longer matches
-- its last link and the check finds it. Timestamps are rendered in UTC whatever the session's time zone.
CREATE FUNCTION trip_record_sha(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(value, 'UTF8')), 'hex');
$$;
--> statement-breakpoint
CREATE FUNCTION trip_record_link_hash(prev text, seq integer, kind text, entry uuid, op text, content_hash text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT trip_record_sha(prev || '|' || seq || '|' || kind || '|' || entry || '|' || op || '|' || coalesce(content_hash, ''));
$$;
--> statement-breakpoint
-- The entries of a trip's record as they stand, with the text their content hash is taken of.
CREATE FUNCTION trip_record_entries(t uuid)
RETURNS TABLE (kind text, entry_id uuid, content text, written_at timestamptz)
LANGUAGE sql STABLE SET timezone TO 'UTC' AS $$
  SELECT 'trip_status_logs', x.id, to_jsonb(x)::text, x.at FROM trip_status_logs x WHERE x.trip_id = t
  UNION ALL SELECT 'trip_issues', x.id, to_jsonb(x)::text, x.created_at FROM trip_issues x WHERE x.trip_id = t
  UNION ALL SELECT 'trip_notes', x.id, to_jsonb(x)::text, x.created_at FROM trip_notes x WHERE x.trip_id = t
  UNION ALL SELECT 'trip_documents', x.id, to_jsonb(x)::text, x.created_at FROM trip_documents x WHERE x.trip_id = t
  UNION ALL SELECT 'trip_expenses', x.id, to_jsonb(x)::text, x.created_at FROM trip_expenses x WHERE x.trip_id = t;
$$;
--> statement-breakpoint
-- Appends one link to the trip's chain. The trip's first link chains what it already held first (entries
-- written before the record was kept), oldest first, so its whole record is covered from then on.
CREATE FUNCTION append_trip_record(t uuid, entry_kind text, entry uuid, entry_op text, content text)
RETURNS void LANGUAGE plpgsql SET timezone TO 'UTC' AS $$
DECLARE
  created boolean := false;
  s integer;
  h text;
  ch text;
  earlier record;
BEGIN
  INSERT INTO trip_record_heads (trip_id) VALUES (t) ON CONFLICT DO NOTHING RETURNING true INTO created;
  SELECT seq, head INTO s, h FROM trip_record_heads WHERE trip_id = t FOR UPDATE;
  IF created THEN
    FOR earlier IN
      SELECT e.kind, e.entry_id, e.content FROM trip_record_entries(t) e
      WHERE NOT (e.kind = entry_kind AND e.entry_id = entry)
      ORDER BY e.written_at, e.kind, e.entry_id
    LOOP
      s := s + 1;
      ch := trip_record_sha(earlier.content);
      INSERT INTO trip_record_links (trip_id, seq, kind, entry_id, op, content_hash, prev_hash, link_hash)
      VALUES (t, s, earlier.kind, earlier.entry_id, 'WRITE', ch, h,
        trip_record_link_hash(h, s, earlier.kind, earlier.entry_id, 'WRITE', ch));
      h := trip_record_link_hash(h, s, earlier.kind, earlier.entry_id, 'WRITE', ch);
    END LOOP;
  END IF;
  s := s + 1;
  ch := CASE WHEN content IS NULL THEN NULL ELSE trip_record_sha(content) END;
  INSERT INTO trip_record_links (trip_id, seq, kind, entry_id, op, content_hash, prev_hash, link_hash)
  VALUES (t, s, entry_kind, entry, entry_op, ch, h, trip_record_link_hash(h, s, entry_kind, entry, entry_op, ch));
  UPDATE trip_record_heads SET seq = s, head = trip_record_link_hash(h, s, entry_kind, entry, entry_op, ch)
  WHERE trip_id = t;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION chain_trip_record() RETURNS trigger LANGUAGE plpgsql SET timezone TO 'UTC' AS $$
BEGIN
  IF coalesce(current_setting('freightlane.writer', true), '') <> 'app' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A trip being deleted takes its record with it.
    IF EXISTS (SELECT 1 FROM trips WHERE id = OLD.trip_id) THEN
      PERFORM append_trip_record(OLD.trip_id, TG_TABLE_NAME, OLD.id, 'REMOVE', NULL);
    END IF;
  ELSE
    PERFORM append_trip_record(NEW.trip_id, TG_TABLE_NAME, NEW.id, 'WRITE', to_jsonb(NEW)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trip_status_logs_record AFTER INSERT OR UPDATE OR DELETE ON trip_status_logs
  FOR EACH ROW EXECUTE FUNCTION chain_trip_record();
--> statement-breakpoint
CREATE TRIGGER trip_issues_record AFTER INSERT OR UPDATE OR DELETE ON trip_issues
  FOR EACH ROW EXECUTE FUNCTION chain_trip_record();
--> statement-breakpoint
CREATE TRIGGER trip_notes_record AFTER INSERT OR UPDATE OR DELETE ON trip_notes
  FOR EACH ROW EXECUTE FUNCTION chain_trip_record();
--> statement-breakpoint
CREATE TRIGGER trip_documents_record AFTER INSERT OR UPDATE OR DELETE ON trip_documents
  FOR EACH ROW EXECUTE FUNCTION chain_trip_record();
--> statement-breakpoint
CREATE TRIGGER trip_expenses_record AFTER INSERT OR UPDATE OR DELETE ON trip_expenses
  FOR EACH ROW EXECUTE FUNCTION chain_trip_record();
--> statement-breakpoint
-- The check: the chain's links recomputed one by one, its head, and each entry against its last link. The
-- first thing found wrong, or nothing (intact); `links` is the chain's length.
CREATE FUNCTION check_trip_record(t uuid)
RETURNS TABLE (links integer, head text, broken_seq integer, broken_kind text, broken_entry uuid, problem text)
LANGUAGE plpgsql STABLE SET timezone TO 'UTC' AS $$
DECLARE
  l record;
  e record;
  prev text := '';
  expected integer := 1;
  hd record;
BEGIN
  SELECT h.seq, h.head INTO hd FROM trip_record_heads h WHERE h.trip_id = t;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 0, NULL::text, NULL::integer, NULL::text, NULL::uuid,
      CASE WHEN EXISTS (SELECT 1 FROM trip_record_entries(t)) THEN 'UNRECORDED' END;
    RETURN;
  END IF;
  FOR l IN SELECT * FROM trip_record_links x WHERE x.trip_id = t ORDER BY x.seq LOOP
    IF l.seq <> expected THEN
      RETURN QUERY SELECT hd.seq, hd.head, expected, NULL::text, NULL::uuid, 'LINK_MISSING';
      RETURN;
    END IF;
    IF l.prev_hash <> prev
      OR l.link_hash <> trip_record_link_hash(prev, l.seq, l.kind, l.entry_id, l.op, l.content_hash) THEN
      RETURN QUERY SELECT hd.seq, hd.head, l.seq, l.kind, l.entry_id, 'LINK_CHANGED';
      RETURN;
    END IF;
    prev := l.link_hash;
    expected := expected + 1;
  END LOOP;
  IF hd.seq <> expected - 1 OR hd.head <> prev THEN
    RETURN QUERY SELECT hd.seq, hd.head, expected - 1, NULL::text, NULL::uuid, 'HEAD_CHANGED';
    RETURN;
  END IF;
  -- Each entry's last link against the entry as it stands; an entry without a link was added outside.
  FOR e IN
    SELECT coalesce(cur.kind, last.kind) AS kind, coalesce(cur.entry_id, last.entry_id) AS entry_id,
      cur.content, last.seq, last.op, last.content_hash
    FROM trip_record_entries(t) cur
    FULL JOIN (
      SELECT DISTINCT ON (x.kind, x.entry_id) x.kind, x.entry_id, x.seq, x.op, x.content_hash
      FROM trip_record_links x WHERE x.trip_id = t ORDER BY x.kind, x.entry_id, x.seq DESC
    ) last ON last.kind = cur.kind AND last.entry_id = cur.entry_id
    ORDER BY last.seq NULLS LAST
  LOOP
    IF e.seq IS NULL THEN
      RETURN QUERY SELECT hd.seq, hd.head, NULL::integer, e.kind, e.entry_id, 'ADDED_OUTSIDE';
      RETURN;
    ELSIF e.content IS NULL AND e.op = 'WRITE' THEN
      RETURN QUERY SELECT hd.seq, hd.head, e.seq, e.kind, e.entry_id, 'REMOVED_OUTSIDE';
      RETURN;
    ELSIF e.content IS NOT NULL AND e.op = 'REMOVE' THEN
      RETURN QUERY SELECT hd.seq, hd.head, e.seq, e.kind, e.entry_id, 'ADDED_OUTSIDE';
      RETURN;
    ELSIF e.content IS NOT NULL AND trip_record_sha(e.content) <> e.content_hash THEN
      RETURN QUERY SELECT hd.seq, hd.head, e.seq, e.kind, e.entry_id, 'CHANGED_OUTSIDE';
      RETURN;
    END IF;
  END LOOP;
  RETURN QUERY SELECT hd.seq, hd.head, NULL::integer, NULL::text, NULL::uuid, NULL::text;
END;
$$;
