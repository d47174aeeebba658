-- Lists at scale: two lists read data the database keeps beside their sources, in the same
-- transaction as every write, by triggers (the application never writes it):
--
-- * items.current_* (Minhas Unidades): each item's latest version not in the trash (id, status, folded title,
--   creation time), null when every version is trashed. Trigger items_keep_current on item_contents (insert,
--   delete, a change of status, title, version, item or creation time). The provider's list, its counts per status
--   and its title search then read one index of items (~2,000 entries) instead of probing every item's versions.
-- * review_list (the staff units list): one row per unit version that has a review, for its latest review (the
--   highest version), with the columns the tabs filter and sort on and the unit version's status and folded title.
--   Triggers review_list_keep on reviews and review_list_keep_unit on item_contents (status or title). A title
--   search is then a trigram match on this narrow table with no join to the reviews.
--
-- Existing rows are backfilled below (before the indexes are built). The staff lists' partial indexes on reviews
-- (0008) are replaced by review_list's. Also: Novas' title search gets a trigram index of the versions sent for
-- analysis only, and gallery files an index in their list's order.
CREATE TABLE "review_list" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"item_content_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"active" boolean NOT NULL,
	"manager_status" text,
	"curator_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"unit_status" text NOT NULL,
	"title_folded" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "reviews_active_list_idx";--> statement-breakpoint
DROP INDEX "reviews_closed_list_idx";--> statement-breakpoint
DROP INDEX "reviews_latest_created_idx";--> statement-breakpoint
DROP INDEX "reviews_latest_content_idx";--> statement-breakpoint
DROP INDEX "gallery_files_gallery_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "current_content_id" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "current_status" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "current_title_folded" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "current_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_list" ADD CONSTRAINT "review_list_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- items.current_*: recomputed for the item(s) a version row belongs to; written only when it changed.
CREATE OR REPLACE FUNCTION items_keep_current() RETURNS trigger AS $$
DECLARE
  target integer;
  cur_id integer;
  cur_status text;
  cur_title text;
  cur_created timestamptz;
BEGIN
  FOREACH target IN ARRAY (
    CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.item_id]
      WHEN 'DELETE' THEN ARRAY[OLD.item_id]
      ELSE CASE WHEN OLD.item_id = NEW.item_id THEN ARRAY[NEW.item_id] ELSE ARRAY[OLD.item_id, NEW.item_id] END
    END
  ) LOOP
    -- No row (every version trashed): the variables are null.
    SELECT c.id, c.status, c.title_folded, c.created_at INTO cur_id, cur_status, cur_title, cur_created
      FROM item_contents c WHERE c.item_id = target AND c.status <> 'deleted' ORDER BY c.version DESC LIMIT 1;
    UPDATE items i SET current_content_id = cur_id, current_status = cur_status, current_title_folded = cur_title, current_created_at = cur_created
      WHERE i.id = target
        AND (i.current_content_id, i.current_status, i.current_title_folded, i.current_created_at)
            IS DISTINCT FROM (cur_id, cur_status, cur_title, cur_created);
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS items_keep_current ON item_contents;--> statement-breakpoint
CREATE TRIGGER items_keep_current AFTER INSERT OR DELETE OR UPDATE OF status, title, version, item_id, created_at ON item_contents
  FOR EACH ROW EXECUTE FUNCTION items_keep_current();--> statement-breakpoint
-- review_list: the row of a unit version is recomputed from its highest review version (not from reviews.is_latest,
-- so the order in which this and reviews_keep_latest fire does not matter); written only when it changed.
CREATE OR REPLACE FUNCTION review_list_sync(target integer) RETURNS void AS $$
DECLARE
  top record;
BEGIN
  SELECT r.id, r.item_content_id, r.created_at, r.active, r.manager_status, r.curator_id, r.reviewer_id, c.status, c.title_folded INTO top
    FROM reviews r JOIN item_contents c ON c.id = r.item_content_id
    WHERE r.item_content_id = target ORDER BY r.version DESC LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM review_list WHERE item_content_id = target;
    RETURN;
  END IF;
  DELETE FROM review_list WHERE item_content_id = target AND review_id <> top.id;
  INSERT INTO review_list AS l (review_id, item_content_id, created_at, active, manager_status, curator_id, reviewer_id, unit_status, title_folded)
    VALUES (top.id, top.item_content_id, top.created_at, top.active, top.manager_status, top.curator_id, top.reviewer_id, top.status, top.title_folded)
    ON CONFLICT (review_id) DO UPDATE SET item_content_id = EXCLUDED.item_content_id, created_at = EXCLUDED.created_at, active = EXCLUDED.active,
      manager_status = EXCLUDED.manager_status, curator_id = EXCLUDED.curator_id, reviewer_id = EXCLUDED.reviewer_id,
      unit_status = EXCLUDED.unit_status, title_folded = EXCLUDED.title_folded
    WHERE (l.item_content_id, l.created_at, l.active, l.manager_status, l.curator_id, l.reviewer_id, l.unit_status, l.title_folded)
      IS DISTINCT FROM (EXCLUDED.item_content_id, EXCLUDED.created_at, EXCLUDED.active, EXCLUDED.manager_status, EXCLUDED.curator_id,
        EXCLUDED.reviewer_id, EXCLUDED.unit_status, EXCLUDED.title_folded);
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_list_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM review_list_sync(OLD.item_content_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.item_content_id <> OLD.item_content_id) THEN PERFORM review_list_sync(NEW.item_content_id); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS review_list_keep ON reviews;--> statement-breakpoint
CREATE TRIGGER review_list_keep AFTER INSERT OR DELETE OR UPDATE OF item_content_id, version, created_at, active, manager_status, curator_id, reviewer_id
  ON reviews FOR EACH ROW EXECUTE FUNCTION review_list_keep();--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_list_keep_unit() RETURNS trigger AS $$
BEGIN
  UPDATE review_list l SET unit_status = NEW.status, title_folded = NEW.title_folded
    WHERE l.item_content_id = NEW.id AND (l.unit_status, l.title_folded) IS DISTINCT FROM (NEW.status, NEW.title_folded);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS review_list_keep_unit ON item_contents;--> statement-breakpoint
CREATE TRIGGER review_list_keep_unit AFTER UPDATE OF status, title ON item_contents FOR EACH ROW EXECUTE FUNCTION review_list_keep_unit();--> statement-breakpoint
-- Backfill the rows already stored.
UPDATE items i SET current_content_id = c.id, current_status = c.status, current_title_folded = c.title_folded, current_created_at = c.created_at
  FROM (SELECT DISTINCT ON (item_id) item_id, id, status, title_folded, created_at FROM item_contents
        WHERE status <> 'deleted' ORDER BY item_id, version DESC) c
  WHERE c.item_id = i.id;--> statement-breakpoint
INSERT INTO review_list (review_id, item_content_id, created_at, active, manager_status, curator_id, reviewer_id, unit_status, title_folded)
  SELECT DISTINCT ON (r.item_content_id) r.id, r.item_content_id, r.created_at, r.active, r.manager_status, r.curator_id, r.reviewer_id, c.status, c.title_folded
  FROM reviews r JOIN item_contents c ON c.id = r.item_content_id
  ORDER BY r.item_content_id, r.version DESC;--> statement-breakpoint
CREATE UNIQUE INDEX "review_list_content_unique" ON "review_list" USING btree ("item_content_id");--> statement-breakpoint
CREATE INDEX "review_list_title_trgm_idx" ON "review_list" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "review_list_active_idx" ON "review_list" USING btree ("created_at","review_id","unit_status") WHERE "review_list"."active";--> statement-breakpoint
CREATE INDEX "review_list_closed_idx" ON "review_list" USING btree ("manager_status","created_at","review_id") WHERE not "review_list"."active";--> statement-breakpoint
CREATE INDEX "review_list_created_idx" ON "review_list" USING btree ("created_at","review_id");--> statement-breakpoint
CREATE INDEX "review_list_title_idx" ON "review_list" USING btree ("title_folded","review_id","active","manager_status");--> statement-breakpoint
CREATE INDEX "review_list_curator_idx" ON "review_list" USING btree ("curator_id","active","created_at","review_id","manager_status");--> statement-breakpoint
CREATE INDEX "review_list_reviewer_idx" ON "review_list" USING btree ("reviewer_id","active","created_at","review_id","manager_status");--> statement-breakpoint
CREATE INDEX "items_provider_current_idx" ON "items" USING btree ("provider_id","current_created_at","current_content_id","current_status","current_title_folded");--> statement-breakpoint
CREATE INDEX "items_provider_current_title_idx" ON "items" USING btree ("provider_id","current_title_folded","current_content_id","current_status");--> statement-breakpoint
CREATE INDEX "item_contents_send_title_trgm_idx" ON "item_contents" USING gin ("title_folded" gin_trgm_ops) WHERE "item_contents"."status" = 'send';--> statement-breakpoint
CREATE INDEX "gallery_files_gallery_idx" ON "gallery_files" USING btree ("gallery_id","created_at","id");
