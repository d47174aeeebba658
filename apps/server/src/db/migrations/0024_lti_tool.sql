CREATE TABLE "lti_deep_link_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"return_url" text NOT NULL,
	"data" text,
	"accept_multiple" boolean NOT NULL,
	"accept_lineitem" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_deployments" (
	"connection_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_deployments_connection_id_deployment_id_pk" PRIMARY KEY("connection_id","deployment_id")
);
--> statement-breakpoint
CREATE TABLE "lti_grades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lti_grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"lineitem" text NOT NULL,
	"sub" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_right" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "lti_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"sub" text NOT NULL,
	"student_id" text NOT NULL,
	"resource_link_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"lineitem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"target_link_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_deep_link_sessions" ADD CONSTRAINT "lti_deep_link_sessions_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_link_sessions" ADD CONSTRAINT "lti_deep_link_sessions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deployments" ADD CONSTRAINT "lti_deployments_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deployments" ADD CONSTRAINT "lti_deployments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grades" ADD CONSTRAINT "lti_grades_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_states" ADD CONSTRAINT "lti_states_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_deep_link_sessions_expires_idx" ON "lti_deep_link_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_grades_unique" ON "lti_grades" USING btree ("connection_id","lineitem","sub");--> statement-breakpoint
CREATE INDEX "lti_launches_expires_idx" ON "lti_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_states_expires_idx" ON "lti_states" USING btree ("expires_at");