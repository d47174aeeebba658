DROP INDEX "item_feedbacks_created_idx";--> statement-breakpoint
CREATE INDEX "item_feedbacks_created_idx" ON "item_feedbacks" USING btree ("created_at","id");