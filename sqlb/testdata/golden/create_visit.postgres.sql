CREATE TABLE IF NOT EXISTS "app_visit" ("id" UUID NOT NULL, "person_id" UUID NOT NULL, "hash" BYTEA NOT NULL, "count" BIGINT NOT NULL, "score" REAL NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("person_id") REFERENCES "app_person" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "app_visit_hash_key" ON "app_visit" ("hash");
CREATE INDEX IF NOT EXISTS "app_visit_person_id_count_idx" ON "app_visit" ("person_id", "count");
