CREATE TABLE "lti_learners" (
	"connection_id" integer NOT NULL,
	"sub" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_learners_connection_id_sub_pk" PRIMARY KEY("connection_id","sub")
);
--> statement-breakpoint
CREATE TABLE "lti_rosters" (
	"connection_id" integer NOT NULL,
	"url" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_rosters_connection_id_url_pk" PRIMARY KEY("connection_id","url")
);
--> statement-breakpoint
ALTER TABLE "lti_learners" ADD CONSTRAINT "lti_learners_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_rosters" ADD CONSTRAINT "lti_rosters_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;