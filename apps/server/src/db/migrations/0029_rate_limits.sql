CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- custom SQL (re-append if regenerated)
-- Counters only: no WAL for them (a PostgreSQL crash empties the table, which only resets the windows).
ALTER TABLE "rate_limits" SET UNLOGGED;
