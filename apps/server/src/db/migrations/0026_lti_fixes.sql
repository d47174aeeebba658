ALTER TABLE "lti_deep_link_sessions" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD COLUMN "right_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD COLUMN "answered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD COLUMN "posted_standing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_keys" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
-- Keys retired before 0026 stay published 24 hours after they stopped signing (LTI_LIMITS.retiredKeyHours), as before.
UPDATE "lti_keys" SET "unpublish_at" = "retired_at" + interval '24 hours' WHERE "retired_at" IS NOT NULL;--> statement-breakpoint
-- Standings kept before 0026 (every answer counted): their right answers and answered questions, until the next answer
-- recomputes them over the questions the launch opens then.
UPDATE "lti_grades" SET
  "right_count" = (SELECT count(*)::int FROM jsonb_each("answers") e WHERE e.value = 'true'::jsonb),
  "answered_count" = (SELECT count(*)::int FROM jsonb_object_keys("answers"));
