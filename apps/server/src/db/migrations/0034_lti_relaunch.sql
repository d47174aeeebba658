-- A launch that shows no binding at all (a browser that keeps no cookie in the LMS's iframe, in an LMS without platform
-- storage) may start the same login again in a new window: the states keep the login initiation's parameters (null for
-- the states of earlier logins, which cannot be started again), and lti_relaunches holds the single-use relaunches.
CREATE TABLE "lti_relaunches" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"iss" text NOT NULL,
	"login_hint" text NOT NULL,
	"target_link_uri" text NOT NULL,
	"lti_message_hint" text,
	"client_id" text,
	"lti_deployment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "iss" text;--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "login_hint" text;--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "lti_message_hint" text;--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "lti_deployment_id" text;--> statement-breakpoint
ALTER TABLE "lti_relaunches" ADD CONSTRAINT "lti_relaunches_connection_id_lti_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."lti_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_relaunches_expires_idx" ON "lti_relaunches" USING btree ("expires_at");