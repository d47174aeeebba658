CREATE TABLE "notice_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"html_content" text NOT NULL,
	"requires_read_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seller_notice_targets" (
	"notice_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	CONSTRAINT "seller_notice_targets_notice_id_seller_id_pk" PRIMARY KEY("notice_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "seller_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"target_type" text DEFAULT 'ALL' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "lms_key_generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notice_reads" ADD CONSTRAINT "seller_notice_reads_notice_id_seller_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."seller_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notice_reads" ADD CONSTRAINT "seller_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notice_reads" ADD CONSTRAINT "seller_notice_reads_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notice_targets" ADD CONSTRAINT "seller_notice_targets_notice_id_seller_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."seller_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notice_targets" ADD CONSTRAINT "seller_notice_targets_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notices" ADD CONSTRAINT "seller_notices_template_id_notice_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."notice_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notices" ADD CONSTRAINT "seller_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_notice_targets_seller_idx" ON "seller_notice_targets" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "seller_notices_created_idx" ON "seller_notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seller_notices_template_idx" ON "seller_notices" USING btree ("template_id");