-- Store lists at scale: data the database keeps beside its sources, in the same transaction as
-- every write, by triggers (the application never writes it), as 0014 does for the staff lists:
--
-- * published_unit_areas: one row per (item with a published version, knowledge area of that version; 0 when it has
--   none), with the provider, the version, its folded title and learning levels. The store's provider page (and the
--   catalogue) shows each area's first units and the area's count from this table's index instead of
--   reading every published version (2,000 for the demo provider). Trigger published_unit_areas_keep on items
--   (insert, a change of the published version or provider) and published_unit_areas_keep_content on item_contents
--   (a change of title, areas or levels of a published version).
-- * items.published_at: when the published version became the published one (trigger items_keep_published, before
--   update of published_content_id; backfilled from the published version's last change).
-- * items.popularity: distinct readers who reported on the published version, the dashboard's 'most popular' order
--   until 0021 counts accesses (items_keep_published when the published version changes,
--   item_feedbacks_keep_popularity when a report is written or removed).
-- Both items columns are read through partial indexes of the provider's published items (latest, most popular).
CREATE TABLE "published_unit_areas" (
	"item_id" integer NOT NULL,
	"knowledge_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"title_folded" text NOT NULL,
	"levels" text[] NOT NULL,
	CONSTRAINT "published_unit_areas_item_id_knowledge_id_pk" PRIMARY KEY("item_id","knowledge_id")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_unit_areas" ADD CONSTRAINT "published_unit_areas_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- published_unit_areas: the rows of one item, recomputed from its published version; written only when they changed.
CREATE OR REPLACE FUNCTION published_unit_areas_sync(target integer) RETURNS void AS $$
BEGIN
  -- The wanted rows minus the kept rows, and back: nothing is written when nothing changed.
  DELETE FROM published_unit_areas a
    WHERE a.item_id = target
      AND NOT EXISTS (
        SELECT 1 FROM items i JOIN item_contents c ON c.id = i.published_content_id
          WHERE i.id = target
            AND a.knowledge_id = ANY (CASE WHEN cardinality(c.knowledge_ids) = 0 THEN ARRAY[0] ELSE c.knowledge_ids END)
            AND a.provider_id = i.provider_id AND a.content_id = c.id AND a.title_folded = c.title_folded
            AND a.levels = c.level_of_learning);
  INSERT INTO published_unit_areas (item_id, knowledge_id, provider_id, content_id, title_folded, levels)
    SELECT DISTINCT i.id, k, i.provider_id, c.id, c.title_folded, c.level_of_learning
      FROM items i JOIN item_contents c ON c.id = i.published_content_id
      CROSS JOIN LATERAL unnest(CASE WHEN cardinality(c.knowledge_ids) = 0 THEN ARRAY[0] ELSE c.knowledge_ids END) AS k
      WHERE i.id = target
    ON CONFLICT (item_id, knowledge_id) DO NOTHING;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION published_unit_areas_keep() RETURNS trigger AS $$
BEGIN
  PERFORM published_unit_areas_sync(NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS published_unit_areas_keep ON items;--> statement-breakpoint
CREATE TRIGGER published_unit_areas_keep AFTER INSERT OR UPDATE OF published_content_id, provider_id ON items
  FOR EACH ROW EXECUTE FUNCTION published_unit_areas_keep();--> statement-breakpoint
-- A published version is not edited (a change is a new version), but a raw write must not leave the table stale.
CREATE OR REPLACE FUNCTION published_unit_areas_keep_content() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM items i WHERE i.published_content_id = NEW.id) THEN
    PERFORM published_unit_areas_sync(NEW.item_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS published_unit_areas_keep_content ON item_contents;--> statement-breakpoint
CREATE TRIGGER published_unit_areas_keep_content AFTER UPDATE OF title, knowledge_ids, level_of_learning ON item_contents
  FOR EACH ROW EXECUTE FUNCTION published_unit_areas_keep_content();--> statement-breakpoint
-- items.published_at and items.popularity follow the published version.
CREATE OR REPLACE FUNCTION items_keep_published() RETURNS trigger AS $$
BEGIN
  IF NEW.published_content_id IS NULL THEN
    NEW.published_at := NULL;
    NEW.popularity := 0;
  ELSIF TG_OP = 'INSERT' OR NEW.published_content_id IS DISTINCT FROM OLD.published_content_id THEN
    NEW.published_at := now();
    NEW.popularity := (SELECT count(DISTINCT coalesce(f.reporter_id, -f.id)) FROM item_feedbacks f WHERE f.item_content_id = NEW.published_content_id);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS items_keep_published ON items;--> statement-breakpoint
CREATE TRIGGER items_keep_published BEFORE INSERT OR UPDATE OF published_content_id ON items
  FOR EACH ROW EXECUTE FUNCTION items_keep_published();--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_feedbacks_keep_popularity() RETURNS trigger AS $$
DECLARE
  target integer;
BEGIN
  FOREACH target IN ARRAY (
    CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.item_content_id]
      WHEN 'DELETE' THEN ARRAY[OLD.item_content_id]
      ELSE ARRAY[OLD.item_content_id, NEW.item_content_id]
    END
  ) LOOP
    UPDATE items i
      SET popularity = (SELECT count(DISTINCT coalesce(f.reporter_id, -f.id)) FROM item_feedbacks f WHERE f.item_content_id = target)
      WHERE i.published_content_id = target
        AND i.popularity IS DISTINCT FROM (SELECT count(DISTINCT coalesce(f.reporter_id, -f.id)) FROM item_feedbacks f WHERE f.item_content_id = target);
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS item_feedbacks_keep_popularity ON item_feedbacks;--> statement-breakpoint
CREATE TRIGGER item_feedbacks_keep_popularity AFTER INSERT OR DELETE OR UPDATE OF item_content_id, reporter_id ON item_feedbacks
  FOR EACH ROW EXECUTE FUNCTION item_feedbacks_keep_popularity();--> statement-breakpoint
-- Backfill (before the indexes are built). The items update does not fire items_keep_published (no change of
-- published_content_id is written), so published_at comes from the published version's last change.
UPDATE items i SET
    published_at = c.updated_at,
    popularity = (SELECT count(DISTINCT coalesce(f.reporter_id, -f.id)) FROM item_feedbacks f WHERE f.item_content_id = c.id)
  FROM item_contents c
  WHERE c.id = i.published_content_id;--> statement-breakpoint
INSERT INTO published_unit_areas (item_id, knowledge_id, provider_id, content_id, title_folded, levels)
  SELECT DISTINCT i.id, k, i.provider_id, c.id, c.title_folded, c.level_of_learning
    FROM items i JOIN item_contents c ON c.id = i.published_content_id
    CROSS JOIN LATERAL unnest(CASE WHEN cardinality(c.knowledge_ids) = 0 THEN ARRAY[0] ELSE c.knowledge_ids END) AS k
  ON CONFLICT (item_id, knowledge_id) DO NOTHING;--> statement-breakpoint
CREATE INDEX "published_unit_areas_provider_idx" ON "published_unit_areas" USING btree ("provider_id","knowledge_id","title_folded","item_id","content_id");--> statement-breakpoint
CREATE INDEX "items_provider_published_idx" ON "items" USING btree ("provider_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."published_content_id" is not null;--> statement-breakpoint
CREATE INDEX "items_provider_popular_idx" ON "items" USING btree ("provider_id","popularity" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."published_content_id" is not null;
