-- The access fold finds its window without locking the inserts out (docs/architecture.md, "Access events and
-- rollups"). Each event keeps its inserting transaction; the fold takes the events of transactions that ended before
-- the oldest one still running (pg_snapshot_xmin), in (xid, id) order after its watermark.
-- The unit-by-day rollup is dropped: no report reads it since 0023 (the months carry their days).
DROP TABLE "access_unit_days" CASCADE;--> statement-breakpoint
-- Without a default first: a volatile default would rewrite every existing event.
ALTER TABLE "access_events" ADD COLUMN "xid" "xid8";--> statement-breakpoint
ALTER TABLE "access_events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "access_fold" ADD COLUMN "last_xid" "xid8" DEFAULT '1'::xid8 NOT NULL;--> statement-breakpoint
-- Events recorded but not folded yet (after the id watermark) take xid 1, below every real transaction id (3 and up),
-- so the first fold after this migration takes them; every older event (folded already) keeps a null xid.
UPDATE "access_events" SET "xid" = '1'::xid8 WHERE "id" > (SELECT "last_event_id" FROM "access_fold" WHERE "id" = 1);--> statement-breakpoint
CREATE INDEX "access_events_fold_idx" ON "access_events" USING btree ("xid","id") WHERE "access_events"."xid" is not null;
