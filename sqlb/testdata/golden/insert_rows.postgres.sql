INSERT INTO "app_person" ("id", "email", "joined_at", "admin") VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)
-- args: []interface {}{"a", "a@x.io", time.Date(2026, time.November, 23, 10, 30, 0, 123456000, time.UTC), false, "b", "b@x.io", time.Date(2026, time.November, 23, 10, 30, 0, 123456000, time.UTC), true}
