-- Students voting on one unit at once (0019 kept the rating by locking the unit's row FOR UPDATE, then recounting):
-- the insert into unit_votes already holds a KEY SHARE lock on that row (the foreign key's check), and FOR UPDATE
-- conflicts with the other voters' KEY SHARE locks, so two voters waited for each other ("deadlock detected").
-- The rating now moves by the vote's difference in ONE atomic `UPDATE items SET rating_sum = rating_sum + …`: an
-- UPDATE of columns no foreign key points at takes a NO KEY UPDATE lock, which KEY SHARE does not conflict with, so a
-- second voter only waits for the first's commit and then adds to the row as committed (PostgreSQL re-reads the row
-- it waited for): no deadlock, no lost vote. A vote moved to another unit (a raw write) changes both rows, the lower
-- id first (one lock order).
CREATE OR REPLACE FUNCTION unit_votes_add(target integer, add_sum integer, add_count integer) RETURNS void AS $$
BEGIN
  UPDATE items SET rating_sum = rating_sum + add_sum, rating_count = rating_count + add_count WHERE id = target;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION unit_votes_keep_rating() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM unit_votes_add(NEW.item_id, NEW.stars, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM unit_votes_add(OLD.item_id, -OLD.stars, -1);
  ELSIF OLD.item_id = NEW.item_id THEN
    IF NEW.stars IS DISTINCT FROM OLD.stars THEN PERFORM unit_votes_add(NEW.item_id, NEW.stars - OLD.stars, 0); END IF;
  ELSIF OLD.item_id < NEW.item_id THEN
    PERFORM unit_votes_add(OLD.item_id, -OLD.stars, -1);
    PERFORM unit_votes_add(NEW.item_id, NEW.stars, 1);
  ELSE
    PERFORM unit_votes_add(NEW.item_id, NEW.stars, 1);
    PERFORM unit_votes_add(OLD.item_id, -OLD.stars, -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The totals once more from the votes (a vote lost under the old trigger is counted again).
WITH v AS (SELECT item_id, sum(stars)::int AS s, count(*)::int AS n FROM unit_votes GROUP BY item_id)
UPDATE items i SET rating_sum = coalesce(v.s, 0), rating_count = coalesce(v.n, 0)
  FROM items x LEFT JOIN v ON v.item_id = x.id
  WHERE x.id = i.id AND (i.rating_sum, i.rating_count) IS DISTINCT FROM (coalesce(v.s, 0), coalesce(v.n, 0));--> statement-breakpoint
-- items.current_* (0014) recomputed the unit's current version and wrote it in a second statement: a writer of another
-- version of the same unit, blocked on that row, then wrote a state computed before the first committed (a new
-- version could be listed as its older one). As 0019 did for the ratings, the unit's row is locked first — FOR NO KEY
-- UPDATE, which the version's own insert (KEY SHARE through the foreign key) and other writers' KEY SHARE do not
-- conflict with — and the state is read in a following statement, which sees every committed version.
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
      ELSE CASE WHEN OLD.item_id = NEW.item_id THEN ARRAY[NEW.item_id]
                ELSE ARRAY[least(OLD.item_id, NEW.item_id), greatest(OLD.item_id, NEW.item_id)] END
    END
  ) LOOP
    PERFORM 1 FROM items WHERE id = target FOR NO KEY UPDATE;
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A subject's units and a course's subjects are renumbered (0..n-1) under the parent's lock. With a unique index
-- checked row by row, that took two updates of each row (negative, then final), and the second update of a row this
-- transaction had just written re-checks its foreign keys, taking KEY SHARE locks on every unit or subject of the
-- parent: a course renumbered by one subject's removal then waited for another subject being removed, which waited
-- for the course ("deadlock detected"). The uniqueness is now a constraint checked at the end of each statement
-- (DEFERRABLE INITIALLY IMMEDIATE), so one update renumbers the rows and no foreign key is checked again.
DROP INDEX IF EXISTS "course_subjects_course_position_unique";--> statement-breakpoint
ALTER TABLE "course_subjects" ADD CONSTRAINT "course_subjects_course_position_unique" UNIQUE ("course_id", "position") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
DROP INDEX IF EXISTS "subject_items_subject_position_unique";--> statement-breakpoint
ALTER TABLE "subject_items" ADD CONSTRAINT "subject_items_subject_position_unique" UNIQUE ("subject_id", "position") DEFERRABLE INITIALLY IMMEDIATE;
