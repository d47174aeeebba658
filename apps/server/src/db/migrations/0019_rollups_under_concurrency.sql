-- Rollups under concurrency: the vote rating (0017) and the popularity (0016) recomputed a total and wrote it to the
-- item's row. Under READ COMMITTED, a second writer blocked on that row re-used a total computed before the first
-- committed, so two simultaneous votes could leave rating_count = 1. Each trigger now takes the item's row lock FIRST
-- and recomputes in a following statement, which sees every committed row (a new snapshot per statement).
CREATE OR REPLACE FUNCTION unit_votes_keep_rating() RETURNS trigger AS $$
DECLARE
  target integer;
BEGIN
  FOREACH target IN ARRAY (
    CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.item_id]
      WHEN 'DELETE' THEN ARRAY[OLD.item_id]
      ELSE CASE WHEN OLD.item_id = NEW.item_id THEN ARRAY[NEW.item_id] ELSE ARRAY[OLD.item_id, NEW.item_id] END
    END
  ) LOOP
    PERFORM 1 FROM items WHERE id = target FOR UPDATE;
    UPDATE items i SET (rating_sum, rating_count) = (SELECT coalesce(sum(v.stars), 0), count(*) FROM unit_votes v WHERE v.item_id = target)
      WHERE i.id = target;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_feedbacks_keep_popularity() RETURNS trigger AS $$
DECLARE
  target integer;
  readers integer;
BEGIN
  FOREACH target IN ARRAY (
    CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.item_content_id]
      WHEN 'DELETE' THEN ARRAY[OLD.item_content_id]
      ELSE ARRAY[OLD.item_content_id, NEW.item_content_id]
    END
  ) LOOP
    PERFORM 1 FROM items WHERE published_content_id = target FOR UPDATE;
    readers := (SELECT count(DISTINCT coalesce(f.reporter_id, -f.id)) FROM item_feedbacks f WHERE f.item_content_id = target);
    UPDATE items i SET popularity = readers WHERE i.published_content_id = target AND i.popularity IS DISTINCT FROM readers;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
