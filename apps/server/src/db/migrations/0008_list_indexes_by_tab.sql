DROP INDEX "reviews_latest_list_idx";--> statement-breakpoint
CREATE INDEX "item_contents_item_status_idx" ON "item_contents" USING btree ("item_id","version","status");--> statement-breakpoint
CREATE INDEX "item_contents_title_idx" ON "item_contents" USING btree ("title_folded","id");--> statement-breakpoint
CREATE INDEX "items_published_content_idx" ON "items" USING btree ("published_content_id");--> statement-breakpoint
CREATE INDEX "reviews_active_list_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."is_latest" and "reviews"."active";--> statement-breakpoint
CREATE INDEX "reviews_closed_list_idx" ON "reviews" USING btree ("manager_status","created_at","id") WHERE "reviews"."is_latest" and not "reviews"."active";--> statement-breakpoint
CREATE INDEX "reviews_latest_created_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."is_latest";