-- Delivery to students: access events (append-only) and their rollups per institution,
-- student / unit and day / month (folded by modules/reports/access-rollups.ts after a watermark, access_fold), the
-- units an institution's LMS linked with its key (lms_items), students' AI questions (rate limit), and students'
-- reports and feedback in item_feedbacks (seller_id, student_id). items.popularity now counts students' accesses
-- (the fold adds them); the proxy of 0016 (distinct readers who reported on the published version) is dropped.
CREATE TABLE "access_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"item_id" integer NOT NULL,
	"item_content_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"source" text DEFAULT 'link' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_fold" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_student_days" (
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"day" date NOT NULL,
	"accesses" integer NOT NULL,
	"last_access" timestamp with time zone NOT NULL,
	CONSTRAINT "access_student_days_pk" PRIMARY KEY("seller_id","student_id","day")
);
--> statement-breakpoint
CREATE TABLE "access_student_months" (
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"month" date NOT NULL,
	"accesses" integer NOT NULL,
	"last_access" timestamp with time zone NOT NULL,
	CONSTRAINT "access_student_months_pk" PRIMARY KEY("seller_id","student_id","month")
);
--> statement-breakpoint
CREATE TABLE "access_unit_days" (
	"seller_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"day" date NOT NULL,
	"accesses" integer NOT NULL,
	CONSTRAINT "access_unit_days_pk" PRIMARY KEY("seller_id","day","item_id")
);
--> statement-breakpoint
CREATE TABLE "access_unit_months" (
	"seller_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"month" date NOT NULL,
	"accesses" integer NOT NULL,
	CONSTRAINT "access_unit_months_pk" PRIMARY KEY("seller_id","month","item_id")
);
--> statement-breakpoint
CREATE TABLE "lms_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lms_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"link_id" text NOT NULL,
	"item_content_id" integer NOT NULL,
	"question" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD COLUMN "student_id" text;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_items" ADD CONSTRAINT "lms_items_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_items" ADD CONSTRAINT "lms_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_events_occurred_brin" ON "access_events" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "access_student_days_period_idx" ON "access_student_days" USING btree ("day","seller_id");--> statement-breakpoint
CREATE INDEX "access_student_months_period_idx" ON "access_student_months" USING btree ("month","seller_id");--> statement-breakpoint
CREATE INDEX "access_unit_days_provider_idx" ON "access_unit_days" USING btree ("provider_id","day","item_id");--> statement-breakpoint
CREATE INDEX "access_unit_days_period_idx" ON "access_unit_days" USING btree ("day","item_id");--> statement-breakpoint
CREATE INDEX "access_unit_months_provider_idx" ON "access_unit_months" USING btree ("provider_id","month","item_id");--> statement-breakpoint
CREATE INDEX "access_unit_months_period_idx" ON "access_unit_months" USING btree ("month","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_items_seller_item_unique" ON "lms_items" USING btree ("seller_id","item_id");--> statement-breakpoint
CREATE INDEX "student_questions_limit_idx" ON "student_questions" USING btree ("seller_id","student_id","link_id","created_at");--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP TRIGGER IF EXISTS item_feedbacks_keep_popularity ON item_feedbacks;--> statement-breakpoint
DROP FUNCTION IF EXISTS item_feedbacks_keep_popularity();--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_keep_published() RETURNS trigger AS $$
BEGIN
  IF NEW.published_content_id IS NULL THEN
    NEW.published_at := NULL;
  ELSIF TG_OP = 'INSERT' OR NEW.published_content_id IS DISTINCT FROM OLD.published_content_id THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE items SET popularity = 0 WHERE popularity <> 0;--> statement-breakpoint
INSERT INTO access_fold (id, last_event_id) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
