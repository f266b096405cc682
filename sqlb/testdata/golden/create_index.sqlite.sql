CREATE UNIQUE INDEX IF NOT EXISTS "app_visit_hash_key" ON "app_visit" ("hash");
