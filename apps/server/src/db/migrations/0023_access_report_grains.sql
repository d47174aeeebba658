CREATE TABLE "access_item_months" (
	"item_id" integer NOT NULL,
	"month" date NOT NULL,
	"provider_id" integer NOT NULL,
	"accesses" integer NOT NULL,
	"days" integer[] NOT NULL,
	CONSTRAINT "access_item_months_pk" PRIMARY KEY("item_id","month")
);
--> statement-breakpoint
CREATE TABLE "access_scope_months" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"month" date NOT NULL,
	"accesses" integer NOT NULL,
	"days" integer[] NOT NULL,
	CONSTRAINT "access_scope_months_pk" PRIMARY KEY("scope","scope_id","month")
);
--> statement-breakpoint
CREATE TABLE "access_student_activity" (
	"seller_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"days" datemultirange NOT NULL,
	CONSTRAINT "access_student_activity_pk" PRIMARY KEY("seller_id","student_id")
);
--> statement-breakpoint
CREATE INDEX "access_item_months_month_idx" ON "access_item_months" USING btree ("month","item_id");--> statement-breakpoint
CREATE INDEX "access_item_months_provider_idx" ON "access_item_months" USING btree ("provider_id","month","item_id");
--> statement-breakpoint
-- The access reports: the grains above start from the events already folded. They are read from the day
-- rollups of migration 0021 (which hold exactly the events up to access_fold.last_event_id), so the new grains agree
-- with the watermark and the next fold continues them; the raw events are not scanned.
WITH g AS (
  SELECT item_id, date_trunc('month', day)::date AS month, min(provider_id) AS provider_id, extract(day FROM day)::int AS dom, sum(accesses)::int AS n
    FROM access_unit_days GROUP BY item_id, month, dom
)
INSERT INTO access_item_months (item_id, month, provider_id, accesses, days)
SELECT item_id, month, min(provider_id), sum(n)::int, array[coalesce(sum(n) filter (where dom <= 1), 0)::int, coalesce(sum(n) filter (where dom <= 2), 0)::int, coalesce(sum(n) filter (where dom <= 3), 0)::int, coalesce(sum(n) filter (where dom <= 4), 0)::int, coalesce(sum(n) filter (where dom <= 5), 0)::int, coalesce(sum(n) filter (where dom <= 6), 0)::int, coalesce(sum(n) filter (where dom <= 7), 0)::int, coalesce(sum(n) filter (where dom <= 8), 0)::int, coalesce(sum(n) filter (where dom <= 9), 0)::int, coalesce(sum(n) filter (where dom <= 10), 0)::int, coalesce(sum(n) filter (where dom <= 11), 0)::int, coalesce(sum(n) filter (where dom <= 12), 0)::int, coalesce(sum(n) filter (where dom <= 13), 0)::int, coalesce(sum(n) filter (where dom <= 14), 0)::int, coalesce(sum(n) filter (where dom <= 15), 0)::int, coalesce(sum(n) filter (where dom <= 16), 0)::int, coalesce(sum(n) filter (where dom <= 17), 0)::int, coalesce(sum(n) filter (where dom <= 18), 0)::int, coalesce(sum(n) filter (where dom <= 19), 0)::int, coalesce(sum(n) filter (where dom <= 20), 0)::int, coalesce(sum(n) filter (where dom <= 21), 0)::int, coalesce(sum(n) filter (where dom <= 22), 0)::int, coalesce(sum(n) filter (where dom <= 23), 0)::int, coalesce(sum(n) filter (where dom <= 24), 0)::int, coalesce(sum(n) filter (where dom <= 25), 0)::int, coalesce(sum(n) filter (where dom <= 26), 0)::int, coalesce(sum(n) filter (where dom <= 27), 0)::int, coalesce(sum(n) filter (where dom <= 28), 0)::int, coalesce(sum(n) filter (where dom <= 29), 0)::int, coalesce(sum(n) filter (where dom <= 30), 0)::int, coalesce(sum(n) filter (where dom <= 31), 0)::int]
  FROM g GROUP BY item_id, month;--> statement-breakpoint
WITH g AS (
  SELECT seller_id, provider_id, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom, sum(accesses)::int AS n
    FROM access_unit_days GROUP BY seller_id, provider_id, month, dom
)
INSERT INTO access_scope_months (scope, scope_id, month, accesses, days)
SELECT CASE WHEN grouping(seller_id) = 0 THEN 'seller' WHEN grouping(provider_id) = 0 THEN 'provider' ELSE 'all' END,
       coalesce(seller_id, provider_id, 0), month, sum(n)::int, array[coalesce(sum(n) filter (where dom <= 1), 0)::int, coalesce(sum(n) filter (where dom <= 2), 0)::int, coalesce(sum(n) filter (where dom <= 3), 0)::int, coalesce(sum(n) filter (where dom <= 4), 0)::int, coalesce(sum(n) filter (where dom <= 5), 0)::int, coalesce(sum(n) filter (where dom <= 6), 0)::int, coalesce(sum(n) filter (where dom <= 7), 0)::int, coalesce(sum(n) filter (where dom <= 8), 0)::int, coalesce(sum(n) filter (where dom <= 9), 0)::int, coalesce(sum(n) filter (where dom <= 10), 0)::int, coalesce(sum(n) filter (where dom <= 11), 0)::int, coalesce(sum(n) filter (where dom <= 12), 0)::int, coalesce(sum(n) filter (where dom <= 13), 0)::int, coalesce(sum(n) filter (where dom <= 14), 0)::int, coalesce(sum(n) filter (where dom <= 15), 0)::int, coalesce(sum(n) filter (where dom <= 16), 0)::int, coalesce(sum(n) filter (where dom <= 17), 0)::int, coalesce(sum(n) filter (where dom <= 18), 0)::int, coalesce(sum(n) filter (where dom <= 19), 0)::int, coalesce(sum(n) filter (where dom <= 20), 0)::int, coalesce(sum(n) filter (where dom <= 21), 0)::int, coalesce(sum(n) filter (where dom <= 22), 0)::int, coalesce(sum(n) filter (where dom <= 23), 0)::int, coalesce(sum(n) filter (where dom <= 24), 0)::int, coalesce(sum(n) filter (where dom <= 25), 0)::int, coalesce(sum(n) filter (where dom <= 26), 0)::int, coalesce(sum(n) filter (where dom <= 27), 0)::int, coalesce(sum(n) filter (where dom <= 28), 0)::int, coalesce(sum(n) filter (where dom <= 29), 0)::int, coalesce(sum(n) filter (where dom <= 30), 0)::int, coalesce(sum(n) filter (where dom <= 31), 0)::int]
  FROM g GROUP BY GROUPING SETS ((seller_id, month), (provider_id, month), (month));--> statement-breakpoint
INSERT INTO access_student_activity (seller_id, student_id, days)
SELECT seller_id, student_id, range_agg(daterange(day, day, '[]'))
  FROM access_student_days GROUP BY seller_id, student_id;
--> statement-breakpoint
-- access_unit_months gains its days (cumulative by day, like the grains above): added empty, filled from the day
-- rollups, then required.
ALTER TABLE "access_unit_months" ADD COLUMN "days" integer[];--> statement-breakpoint
UPDATE access_unit_months m SET days = d.days
  FROM (SELECT seller_id, item_id, month, array[coalesce(sum(n) filter (where dom <= 1), 0)::int, coalesce(sum(n) filter (where dom <= 2), 0)::int, coalesce(sum(n) filter (where dom <= 3), 0)::int, coalesce(sum(n) filter (where dom <= 4), 0)::int, coalesce(sum(n) filter (where dom <= 5), 0)::int, coalesce(sum(n) filter (where dom <= 6), 0)::int, coalesce(sum(n) filter (where dom <= 7), 0)::int, coalesce(sum(n) filter (where dom <= 8), 0)::int, coalesce(sum(n) filter (where dom <= 9), 0)::int, coalesce(sum(n) filter (where dom <= 10), 0)::int, coalesce(sum(n) filter (where dom <= 11), 0)::int, coalesce(sum(n) filter (where dom <= 12), 0)::int, coalesce(sum(n) filter (where dom <= 13), 0)::int, coalesce(sum(n) filter (where dom <= 14), 0)::int, coalesce(sum(n) filter (where dom <= 15), 0)::int, coalesce(sum(n) filter (where dom <= 16), 0)::int, coalesce(sum(n) filter (where dom <= 17), 0)::int, coalesce(sum(n) filter (where dom <= 18), 0)::int, coalesce(sum(n) filter (where dom <= 19), 0)::int, coalesce(sum(n) filter (where dom <= 20), 0)::int, coalesce(sum(n) filter (where dom <= 21), 0)::int, coalesce(sum(n) filter (where dom <= 22), 0)::int, coalesce(sum(n) filter (where dom <= 23), 0)::int, coalesce(sum(n) filter (where dom <= 24), 0)::int, coalesce(sum(n) filter (where dom <= 25), 0)::int, coalesce(sum(n) filter (where dom <= 26), 0)::int, coalesce(sum(n) filter (where dom <= 27), 0)::int, coalesce(sum(n) filter (where dom <= 28), 0)::int, coalesce(sum(n) filter (where dom <= 29), 0)::int, coalesce(sum(n) filter (where dom <= 30), 0)::int, coalesce(sum(n) filter (where dom <= 31), 0)::int] AS days
          FROM (SELECT seller_id, item_id, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom, accesses AS n
                  FROM access_unit_days) x
         GROUP BY seller_id, item_id, month) d
 WHERE d.seller_id = m.seller_id AND d.item_id = m.item_id AND d.month = m.month;--> statement-breakpoint
ALTER TABLE "access_unit_months" ALTER COLUMN "days" SET NOT NULL;
