CREATE TABLE "access_item_snapshots" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"month" date NOT NULL,
	"through_total" bigint NOT NULL,
	"max_item_id" integer NOT NULL,
	"counts" bytea NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_item_snapshots_pk" PRIMARY KEY("scope","scope_id","month")
);
--> statement-breakpoint
-- custom SQL (re-append if regenerated)
-- The packed counts are varints: stored as they are (no pglz, which gains little on them and costs each read).
ALTER TABLE "access_item_snapshots" ALTER COLUMN "counts" SET STORAGE EXTERNAL;
