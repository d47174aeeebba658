DROP INDEX "reviews_latest_list_idx";--> statement-breakpoint
CREATE INDEX "item_contents_item_status_idx" ON "item_contents" USING btree ("item_id","version","status","title_folded","created_at","id");--> statement-breakpoint
CREATE INDEX "item_contents_title_idx" ON "item_contents" USING btree ("title_folded","id");--> statement-breakpoint
CREATE INDEX "items_published_content_idx" ON "items" USING btree ("published_content_id");--> statement-breakpoint
CREATE INDEX "reviews_active_list_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."is_latest" and "reviews"."active";--> statement-breakpoint
CREATE INDEX "reviews_closed_list_idx" ON "reviews" USING btree ("manager_status","created_at","id") WHERE "reviews"."is_latest" and not "reviews"."active";--> statement-breakpoint
CREATE INDEX "reviews_latest_created_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."is_latest";--> statement-breakpoint
CREATE INDEX "reviews_latest_content_idx" ON "reviews" USING btree ("item_content_id") WHERE "reviews"."is_latest";--> statement-breakpoint
-- Lists read a version's title, status and dates, not its content: rows over 256 bytes move their long values
-- (introduction, synthesis, topics…) to the TOAST table, so the list scans touch a narrow heap. Applies to rows
-- written from now on.
ALTER TABLE "item_contents" SET (toast_tuple_target = 256);
