ALTER TABLE "users" RENAME COLUMN "avatar_url" TO "avatar_key";--> statement-breakpoint
ALTER TABLE "providers" RENAME COLUMN "img_logo_url" TO "img_logo_key";--> statement-breakpoint
ALTER TABLE "providers" RENAME COLUMN "img_cover_url" TO "img_cover_key";--> statement-breakpoint
ALTER TABLE "sellers" RENAME COLUMN "logo_url" TO "logo_key";--> statement-breakpoint
ALTER TABLE "gallery_files" RENAME COLUMN "url" TO "storage_key";--> statement-breakpoint
-- custom SQL (re-append if regenerated)
-- Rows keep storage keys, not addresses: '/uploads/<folder>/<name>' becomes '<folder>/<name>'. Anything
-- else (none is written by the application) is left as it is.
UPDATE "users" SET "avatar_key" = substr("avatar_key", 10) WHERE "avatar_key" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "providers" SET "img_logo_key" = substr("img_logo_key", 10) WHERE "img_logo_key" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "providers" SET "img_cover_key" = substr("img_cover_key", 10) WHERE "img_cover_key" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "sellers" SET "logo_key" = substr("logo_key", 10) WHERE "logo_key" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "gallery_files" SET "storage_key" = substr("storage_key", 10) WHERE "storage_key" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "unit_packages" SET "storage_key" = substr("storage_key", 10) WHERE "storage_key" LIKE '/uploads/%';
