-- Lists at scale: an indexable accent-free title search (pg_trgm on a stored folded title), a
-- "latest review" flag kept by a trigger, and one index per list sort.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "item_contents" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (translate(lower(title), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_latest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "reviews" r SET "is_latest" = false
  WHERE EXISTS (SELECT 1 FROM "reviews" n WHERE n."item_content_id" = r."item_content_id" AND n."version" > r."version");--> statement-breakpoint
-- A new review version is the latest of its unit version: the older ones lose the flag.
CREATE OR REPLACE FUNCTION reviews_keep_latest() RETURNS trigger AS $$
BEGIN
  UPDATE reviews SET is_latest = (version >= NEW.version)
    WHERE item_content_id = NEW.item_content_id AND id <> NEW.id AND is_latest <> (version >= NEW.version);
  IF EXISTS (SELECT 1 FROM reviews WHERE item_content_id = NEW.item_content_id AND version > NEW.version) THEN
    UPDATE reviews SET is_latest = false WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER reviews_keep_latest AFTER INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_keep_latest();--> statement-breakpoint
CREATE INDEX "item_contents_title_trgm_idx" ON "item_contents" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_contents_status_created_idx" ON "item_contents" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "item_contents_status_updated_idx" ON "item_contents" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "item_contents_status_title_idx" ON "item_contents" USING btree ("status","title_folded","id");--> statement-breakpoint
CREATE INDEX "reviews_latest_list_idx" ON "reviews" USING btree ("active","manager_status","created_at","id") WHERE "reviews"."is_latest";