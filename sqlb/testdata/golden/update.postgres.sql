UPDATE "app_person" SET "name" = $1, "seen_at" = $2 WHERE ("app_person"."id" = $3 AND "app_person"."seen_at" IS NULL)
-- args: []interface {}{"N", time.Date(2026, time.November, 23, 10, 30, 0, 123456000, time.UTC), "a"}
