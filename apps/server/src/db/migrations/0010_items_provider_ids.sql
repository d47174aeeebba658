-- Minhas Unidades: a provider's item ids from the index (index-only scan), not from the rows.
DROP INDEX "items_provider_idx";--> statement-breakpoint
CREATE INDEX "items_provider_idx" ON "items" USING btree ("provider_id","id");