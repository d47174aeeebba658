CREATE TABLE "charge_notices" (
	"charge_id" integer NOT NULL,
	"day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_notices_charge_id_day_pk" PRIMARY KEY("charge_id","day"),
	CONSTRAINT "charge_notices_day_known" CHECK ("charge_notices"."day" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "charge_notices" ADD CONSTRAINT "charge_notices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_suspension_reason_known" CHECK ("sellers"."suspension_reason" in ('non_payment'));