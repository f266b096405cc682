CREATE TABLE IF NOT EXISTS "app_person" ("id" TEXT NOT NULL, "email" TEXT NOT NULL, "name" TEXT NOT NULL, "age" INTEGER NOT NULL, "admin" INTEGER NOT NULL, "joined_at" TEXT NOT NULL, "seen_at" TEXT, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "app_person_email_key" ON "app_person" ("email");
