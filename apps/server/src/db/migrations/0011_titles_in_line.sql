-- Lists at scale: keep a version's title and folded title in the row. With toast_tuple_target = 256
-- (0008) PostgreSQL moved every value over ~32 bytes out of line until the row fitted, the titles included, so a
-- title search read ~4 TOAST pages per match (12,800 pages for 3,100 matches; a full scan 517,000). MAIN keeps
-- them in the row (compressed at most; out of line only for a row that does not fit a page); the long values
-- (introduction, synthesis, topics…) still move out. The update rewrites the rows already stored (the folded
-- title is computed again; the title is the same text, written anew).
ALTER TABLE "item_contents" ALTER COLUMN "title" SET STORAGE MAIN, ALTER COLUMN "title_folded" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "item_contents" SET "title" = "title" || '';
