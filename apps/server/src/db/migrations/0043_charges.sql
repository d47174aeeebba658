CREATE TABLE "charge_rents" (
	"charge_id" integer NOT NULL,
	"rent_id" integer NOT NULL,
	"period" date NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "charge_rents_charge_id_rent_id_pk" PRIMARY KEY("charge_id","rent_id"),
	CONSTRAINT "charge_rents_amount_positive" CHECK ("charge_rents"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"code" text NOT NULL,
	"period" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"paid_reference" text,
	"paid_by" integer,
	"canceled_at" timestamp with time zone,
	"canceled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_code_txid" CHECK ("charges"."code" ~ '^[A-Za-z0-9]{1,25}$'),
	CONSTRAINT "charges_period_first_day" CHECK (extract(day from "charges"."period") = 1),
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount_cents" > 0),
	CONSTRAINT "charges_status_known" CHECK ("charges"."status" in ('open', 'paid', 'overdue', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "charge_rents" ADD CONSTRAINT "charge_rents_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_rents" ADD CONSTRAINT "charge_rents_rent_id_rents_id_fk" FOREIGN KEY ("rent_id") REFERENCES "public"."rents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_rents_rent_period_unique" ON "charge_rents" USING btree ("rent_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_code_unique" ON "charges" USING btree ("code");--> statement-breakpoint
CREATE INDEX "charges_seller_period_idx" ON "charges" USING btree ("seller_id","period","id");--> statement-breakpoint
CREATE INDEX "charges_status_period_idx" ON "charges" USING btree ("status","period","id");--> statement-breakpoint
CREATE INDEX "charges_period_idx" ON "charges" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "charges_unpaid_due_idx" ON "charges" USING btree ("due_on") WHERE status in ('open', 'overdue');