-- The catalogue at scale: an institution renting 200 providers has ~20,000 published units by
-- area. Its catalogue's group counts come from published_area_counts (units per provider and area, kept from
-- published_unit_areas by trigger published_area_counts_keep, as 0014/0016 keep list data) instead of counting rows;
-- each area's first units walk published_unit_areas_area_title_idx in title order; a title search starts from the
-- trigram index.
CREATE TABLE "published_area_counts" (
	"provider_id" integer NOT NULL,
	"knowledge_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "published_area_counts_provider_id_knowledge_id_pk" PRIMARY KEY("provider_id","knowledge_id")
);
--> statement-breakpoint
CREATE INDEX "published_unit_areas_area_title_idx" ON "published_unit_areas" USING btree ("knowledge_id","title_folded","item_id","provider_id","content_id");--> statement-breakpoint
CREATE INDEX "published_unit_areas_title_trgm_idx" ON "published_unit_areas" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION published_area_counts_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE published_area_counts SET units = units - 1 WHERE provider_id = OLD.provider_id AND knowledge_id = OLD.knowledge_id;
    DELETE FROM published_area_counts WHERE provider_id = OLD.provider_id AND knowledge_id = OLD.knowledge_id AND units <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO published_area_counts (provider_id, knowledge_id, units) VALUES (NEW.provider_id, NEW.knowledge_id, 1)
      ON CONFLICT (provider_id, knowledge_id) DO UPDATE SET units = published_area_counts.units + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS published_area_counts_keep ON published_unit_areas;--> statement-breakpoint
CREATE TRIGGER published_area_counts_keep AFTER INSERT OR DELETE OR UPDATE OF provider_id, knowledge_id ON published_unit_areas
  FOR EACH ROW EXECUTE FUNCTION published_area_counts_keep();--> statement-breakpoint
INSERT INTO published_area_counts (provider_id, knowledge_id, units)
  SELECT provider_id, knowledge_id, count(*)::int FROM published_unit_areas GROUP BY provider_id, knowledge_id
  ON CONFLICT (provider_id, knowledge_id) DO UPDATE SET units = excluded.units;
