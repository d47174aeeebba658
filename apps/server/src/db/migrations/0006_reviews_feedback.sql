CREATE TABLE "item_feedbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_feedbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_content_id" integer NOT NULL,
	"unit_name" text NOT NULL,
	"error_type" text NOT NULL,
	"error_description" text NOT NULL,
	"reporter_id" integer,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"item_content_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_content_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"curator_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"manager_id" integer,
	"curator_status" text,
	"reviewer_status" text,
	"manager_status" text,
	"active" boolean DEFAULT true NOT NULL,
	"curation_started_at" timestamp with time zone,
	"revision_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_item_content_id_item_contents_id_fk" FOREIGN KEY ("item_content_id") REFERENCES "public"."item_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_feedbacks_created_idx" ON "item_feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "item_feedbacks_status_idx" ON "item_feedbacks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "review_comments_review_idx" ON "review_comments" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_content_version_unique" ON "reviews" USING btree ("item_content_id","version");--> statement-breakpoint
CREATE INDEX "reviews_active_idx" ON "reviews" USING btree ("active","manager_status");--> statement-breakpoint
CREATE INDEX "reviews_curator_idx" ON "reviews" USING btree ("curator_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id");