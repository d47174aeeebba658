-- The curriculum: subjects and courses of an institution or a provider, the units of a subject
-- pinned to a version (opt-in updates), subject categories, students' votes on units (their sum and count kept on
-- items by trigger unit_votes_keep_rating, as 0014/0016 keep list data), unit packages, imports, and the grants an
-- admin gives an institution (sellers.grants).
CREATE TABLE "course_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer,
	"provider_id" integer,
	"name" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED,
	"imported_from_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_one_owner" CHECK (("courses"."seller_id" is null) <> ("courses"."provider_id" is null))
);
--> statement-breakpoint
CREATE TABLE "curriculum_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curriculum_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result_id" integer,
	"error" text,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED,
	"color" text DEFAULT '#DAA520' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_content_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer,
	"provider_id" integer,
	"name" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) STORED,
	"category_id" integer,
	"imported_from_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_one_owner" CHECK (("subjects"."seller_id" is null) <> ("subjects"."provider_id" is null))
);
--> statement-breakpoint
CREATE TABLE "unit_packages" (
	"item_content_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"item_content_id" integer,
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_votes_stars" CHECK ("unit_votes"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_subjects" ADD CONSTRAINT "course_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_subjects" ADD CONSTRAINT "course_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_imports" ADD CONSTRAINT "curriculum_imports_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_imports" ADD CONSTRAINT "curriculum_imports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_categories" ADD CONSTRAINT "subject_categories_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_items" ADD CONSTRAINT "subject_items_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_items" ADD CONSTRAINT "subject_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_items" ADD CONSTRAINT "subject_items_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_items" ADD CONSTRAINT "subject_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_category_id_subject_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."subject_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_packages" ADD CONSTRAINT "unit_packages_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_votes" ADD CONSTRAINT "unit_votes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_votes" ADD CONSTRAINT "unit_votes_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_votes" ADD CONSTRAINT "unit_votes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_subjects_course_subject_unique" ON "course_subjects" USING btree ("course_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_subjects_course_position_unique" ON "course_subjects" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_subjects_subject_idx" ON "course_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "courses_seller_idx" ON "courses" USING btree ("seller_id","name_folded","id");--> statement-breakpoint
CREATE INDEX "courses_provider_idx" ON "courses" USING btree ("provider_id","name_folded","id");--> statement-breakpoint
CREATE INDEX "courses_imported_idx" ON "courses" USING btree ("seller_id","imported_from_id");--> statement-breakpoint
CREATE INDEX "curriculum_imports_seller_idx" ON "curriculum_imports" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_categories_seller_name_unique" ON "subject_categories" USING btree ("seller_id","name_folded");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_items_subject_item_unique" ON "subject_items" USING btree ("subject_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_items_subject_position_unique" ON "subject_items" USING btree ("subject_id","position");--> statement-breakpoint
CREATE INDEX "subject_items_item_idx" ON "subject_items" USING btree ("item_id","item_content_id");--> statement-breakpoint
CREATE INDEX "subject_items_content_idx" ON "subject_items" USING btree ("item_content_id");--> statement-breakpoint
CREATE INDEX "subjects_seller_idx" ON "subjects" USING btree ("seller_id","name_folded","id");--> statement-breakpoint
CREATE INDEX "subjects_provider_idx" ON "subjects" USING btree ("provider_id","name_folded","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_votes_one_per_student" ON "unit_votes" USING btree ("item_id","seller_id","student_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION unit_votes_keep_rating() RETURNS trigger AS $$
DECLARE
  target integer;
BEGIN
  FOREACH target IN ARRAY (
    CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.item_id]
      WHEN 'DELETE' THEN ARRAY[OLD.item_id]
      ELSE CASE WHEN OLD.item_id = NEW.item_id THEN ARRAY[NEW.item_id] ELSE ARRAY[OLD.item_id, NEW.item_id] END
    END
  ) LOOP
    UPDATE items i SET (rating_sum, rating_count) = (SELECT coalesce(sum(v.stars), 0), count(*) FROM unit_votes v WHERE v.item_id = target)
      WHERE i.id = target;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS unit_votes_keep_rating ON unit_votes;--> statement-breakpoint
CREATE TRIGGER unit_votes_keep_rating AFTER INSERT OR DELETE OR UPDATE OF stars, item_id ON unit_votes
  FOR EACH ROW EXECUTE FUNCTION unit_votes_keep_rating();
