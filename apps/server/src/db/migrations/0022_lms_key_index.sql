-- The LMS API (POST /saveDataInJson, GET /lms/whoami) finds the institution of a key by its
-- SHA-256 hash on every call; an index instead of a scan of sellers. Keys are random, so no two institutions share one.
CREATE UNIQUE INDEX "sellers_lms_key_hash_unique" ON "sellers" USING btree ("lms_key_hash") WHERE "sellers"."lms_key_hash" is not null;
