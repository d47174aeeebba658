-- reviews.is_latest (0007) was right only when versions arrived in order: a lower version inserted later flagged every
-- higher one, and deleting the latest left its unit version with no flagged review (hidden from every staff list).
-- The flag is now recomputed from the unit version's highest review version on insert, delete and a change of version
-- or unit version; the flags of existing rows are recomputed once the same way.
CREATE OR REPLACE FUNCTION reviews_keep_latest() RETURNS trigger AS $$
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
    UPDATE reviews r SET is_latest = (r.version = m.top)
      FROM (SELECT max(version) AS top FROM reviews WHERE item_content_id = target) m
      WHERE r.item_content_id = target AND r.is_latest IS DISTINCT FROM (r.version = m.top);
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_keep_latest ON reviews;--> statement-breakpoint
CREATE TRIGGER reviews_keep_latest AFTER INSERT OR DELETE OR UPDATE OF version, item_content_id ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_keep_latest();--> statement-breakpoint
UPDATE reviews r SET is_latest = (r.version = m.top)
  FROM (SELECT item_content_id, max(version) AS top FROM reviews GROUP BY item_content_id) m
  WHERE r.item_content_id = m.item_content_id AND r.is_latest IS DISTINCT FROM (r.version = m.top);
