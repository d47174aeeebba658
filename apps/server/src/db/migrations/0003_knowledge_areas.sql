CREATE TABLE "knowledge_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_areas_type_title_unique" ON "knowledge_areas" USING btree ("type","title");--> statement-breakpoint
CREATE INDEX "knowledge_areas_type_idx" ON "knowledge_areas" USING btree ("type");