CREATE TABLE "access_area_resync" (
	"item_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_fold" ADD COLUMN "generation" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Units whose areas changed (published_unit_areas, trigger access_area_months_keep) are queued in access_area_resync
-- (migration 0037_access_area_resync): the fold, under its lock, rebuilds their rows of access_area_months from access_item_months (a
-- trigger copying them itself could miss a fold running beside it, and locking the fold from a publishing transaction
-- could deadlock with the fold's items updates).
CREATE OR REPLACE FUNCTION access_area_months_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_area_resync (item_id) VALUES (coalesce(NEW.item_id, OLD.item_id)) ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' AND OLD.item_id <> NEW.item_id THEN
    INSERT INTO access_area_resync (item_id) VALUES (OLD.item_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_area_months_keep AFTER INSERT OR DELETE OR UPDATE OF item_id, knowledge_id ON published_unit_areas
  FOR EACH ROW EXECUTE FUNCTION access_area_months_keep();
