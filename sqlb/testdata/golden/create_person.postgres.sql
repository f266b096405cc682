CREATE TABLE IF NOT EXISTS "app_person" ("id" UUID NOT NULL, "email" VARCHAR(255) NOT NULL, "name" TEXT NOT NULL, "age" BIGINT NOT NULL, "admin" BOOLEAN NOT NULL, "joined_at" TIMESTAMPTZ(6) NOT NULL, "seen_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "app_person_email_key" ON "app_person" ("email");
