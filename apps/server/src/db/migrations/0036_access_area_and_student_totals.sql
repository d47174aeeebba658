CREATE TABLE "access_area_months" (
	"knowledge_id" integer NOT NULL,
	"month" date NOT NULL,
	"item_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"accesses" integer NOT NULL,
	"days" integer[] NOT NULL,
	CONSTRAINT "access_area_months_pk" PRIMARY KEY("knowledge_id","month","item_id")
);
--> statement-breakpoint
CREATE TABLE "access_scope_student_days" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"month" date NOT NULL,
	"days" integer[] NOT NULL,
	CONSTRAINT "access_scope_student_days_pk" PRIMARY KEY("scope","scope_id","month")
);
--> statement-breakpoint
CREATE TABLE "access_scope_student_runs" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"month" date NOT NULL,
	"before" date NOT NULL,
	"days" integer[] NOT NULL,
	CONSTRAINT "access_scope_student_runs_pk" PRIMARY KEY("scope","scope_id","month","before")
);
--> statement-breakpoint
CREATE INDEX "access_area_months_provider_idx" ON "access_area_months" USING btree ("provider_id","knowledge_id","month","item_id");
--> statement-breakpoint
INSERT INTO access_area_months (knowledge_id, month, item_id, provider_id, accesses, days)
SELECT a.knowledge_id, m.month, m.item_id, m.provider_id, m.accesses, m.days
  FROM access_item_months m JOIN published_unit_areas a ON a.item_id = m.item_id
 WHERE a.knowledge_id <> 0
 -- In key order: an area's rows lie together (its ranking reads a few hundred pages, not every page of the table).
 ORDER BY a.knowledge_id, m.month, m.item_id;
--> statement-breakpoint
INSERT INTO access_scope_student_days (scope, scope_id, month, days)
SELECT CASE WHEN grouping(seller_id) = 0 THEN 'seller' ELSE 'all' END, coalesce(seller_id, 0), month, array[(count(*) filter (where dom = 1))::int, (count(*) filter (where dom = 2))::int, (count(*) filter (where dom = 3))::int, (count(*) filter (where dom = 4))::int, (count(*) filter (where dom = 5))::int, (count(*) filter (where dom = 6))::int, (count(*) filter (where dom = 7))::int, (count(*) filter (where dom = 8))::int, (count(*) filter (where dom = 9))::int, (count(*) filter (where dom = 10))::int, (count(*) filter (where dom = 11))::int, (count(*) filter (where dom = 12))::int, (count(*) filter (where dom = 13))::int, (count(*) filter (where dom = 14))::int, (count(*) filter (where dom = 15))::int, (count(*) filter (where dom = 16))::int, (count(*) filter (where dom = 17))::int, (count(*) filter (where dom = 18))::int, (count(*) filter (where dom = 19))::int, (count(*) filter (where dom = 20))::int, (count(*) filter (where dom = 21))::int, (count(*) filter (where dom = 22))::int, (count(*) filter (where dom = 23))::int, (count(*) filter (where dom = 24))::int, (count(*) filter (where dom = 25))::int, (count(*) filter (where dom = 26))::int, (count(*) filter (where dom = 27))::int, (count(*) filter (where dom = 28))::int, (count(*) filter (where dom = 29))::int, (count(*) filter (where dom = 30))::int, (count(*) filter (where dom = 31))::int]
  FROM (SELECT a.seller_id, date_trunc('month', d)::date AS month, extract(day FROM d)::int AS dom
          FROM access_student_activity a
         CROSS JOIN LATERAL unnest(a.days) u(r)
         CROSS JOIN LATERAL generate_series(lower(u.r)::timestamp, (upper(u.r) - 1)::timestamp, interval '1 day') d) x
 GROUP BY GROUPING SETS ((seller_id, month), (month));
--> statement-breakpoint
INSERT INTO access_scope_student_runs (scope, scope_id, month, before, days)
SELECT CASE WHEN grouping(seller_id) = 0 THEN 'seller' ELSE 'all' END, coalesce(seller_id, 0), month, before, array[coalesce(sum(n) filter (where dom <= 1), 0)::int, coalesce(sum(n) filter (where dom <= 2), 0)::int, coalesce(sum(n) filter (where dom <= 3), 0)::int, coalesce(sum(n) filter (where dom <= 4), 0)::int, coalesce(sum(n) filter (where dom <= 5), 0)::int, coalesce(sum(n) filter (where dom <= 6), 0)::int, coalesce(sum(n) filter (where dom <= 7), 0)::int, coalesce(sum(n) filter (where dom <= 8), 0)::int, coalesce(sum(n) filter (where dom <= 9), 0)::int, coalesce(sum(n) filter (where dom <= 10), 0)::int, coalesce(sum(n) filter (where dom <= 11), 0)::int, coalesce(sum(n) filter (where dom <= 12), 0)::int, coalesce(sum(n) filter (where dom <= 13), 0)::int, coalesce(sum(n) filter (where dom <= 14), 0)::int, coalesce(sum(n) filter (where dom <= 15), 0)::int, coalesce(sum(n) filter (where dom <= 16), 0)::int, coalesce(sum(n) filter (where dom <= 17), 0)::int, coalesce(sum(n) filter (where dom <= 18), 0)::int, coalesce(sum(n) filter (where dom <= 19), 0)::int, coalesce(sum(n) filter (where dom <= 20), 0)::int, coalesce(sum(n) filter (where dom <= 21), 0)::int, coalesce(sum(n) filter (where dom <= 22), 0)::int, coalesce(sum(n) filter (where dom <= 23), 0)::int, coalesce(sum(n) filter (where dom <= 24), 0)::int, coalesce(sum(n) filter (where dom <= 25), 0)::int, coalesce(sum(n) filter (where dom <= 26), 0)::int, coalesce(sum(n) filter (where dom <= 27), 0)::int, coalesce(sum(n) filter (where dom <= 28), 0)::int, coalesce(sum(n) filter (where dom <= 29), 0)::int, coalesce(sum(n) filter (where dom <= 30), 0)::int, coalesce(sum(n) filter (where dom <= 31), 0)::int]
  FROM (SELECT a.seller_id, date_trunc('month', lower(u.r))::date AS month, extract(day FROM lower(u.r))::int AS dom, 1 AS n,
               coalesce(lag(upper(u.r)) OVER (PARTITION BY a.seller_id, a.student_id ORDER BY lower(u.r)) - 1, '-infinity'::date) AS before
          FROM access_student_activity a CROSS JOIN LATERAL unnest(a.days) u(r)) x
 GROUP BY GROUPING SETS ((seller_id, month, before), (month, before));
