-- The catalogue's tag search: from the versions that carry a matching tag to their rows of
-- published_unit_areas, instead of testing the tags of every unit of the rented providers.
CREATE INDEX "published_unit_areas_content_idx" ON "published_unit_areas" USING btree ("content_id");
