-- A login is bound to the browser that started it (lti-binding.ts): the states of logins started before this
-- migration carry no binding and would be refused at their launch anyway; they live 10 minutes, so they go now.
DELETE FROM "lti_states";--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "binding_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_states" ADD COLUMN "storage_target" text;
