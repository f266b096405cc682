CREATE TABLE IF NOT EXISTS "app_visit" ("id" TEXT NOT NULL, "person_id" TEXT NOT NULL, "hash" BLOB NOT NULL, "count" INTEGER NOT NULL, "score" REAL NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("person_id") REFERENCES "app_person" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "app_visit_hash_key" ON "app_visit" ("hash");
CREATE INDEX IF NOT EXISTS "app_visit_person_id_count_idx" ON "app_visit" ("person_id", "count");
