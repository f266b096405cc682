CREATE INDEX IF NOT EXISTS "app_visit_flagged_idx" ON "app_visit" ("flagged");
