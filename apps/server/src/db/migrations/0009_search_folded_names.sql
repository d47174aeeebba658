-- Lists at scale: the users' and providers' searched names stored folded (same expression as
-- platform/search.ts `folded`) with pg_trgm indexes, and an index per admin-list sort.
ALTER TABLE "users" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "company_name_folded" text GENERATED ALWAYS AS (translate(lower(company_name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "email_folded" text GENERATED ALWAYS AS (translate(lower(email), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_folded_idx" ON "users" USING btree ("name_folded","name","id");--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "providers_company_name_trgm_idx" ON "providers" USING gin ("company_name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_name_trgm_idx" ON "providers" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_email_trgm_idx" ON "providers" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "providers_company_name_folded_idx" ON "providers" USING btree ("company_name_folded","company_name","id");--> statement-breakpoint
CREATE INDEX "providers_created_id_idx" ON "providers" USING btree ("created_at","id");