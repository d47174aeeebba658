-- The access report reads each student's rows of access_student_months|days for their accesses and last access: with
-- both columns in the primary key's leaf entries (INCLUDE) those reads are index-only, not one heap page per row.
ALTER TABLE "access_student_months" DROP CONSTRAINT "access_student_months_pk", ADD CONSTRAINT "access_student_months_pk" PRIMARY KEY ("seller_id", "student_id", "month") INCLUDE ("accesses", "last_access");
--> statement-breakpoint
ALTER TABLE "access_student_days" DROP CONSTRAINT "access_student_days_pk", ADD CONSTRAINT "access_student_days_pk" PRIMARY KEY ("seller_id", "student_id", "day") INCLUDE ("accesses", "last_access");
