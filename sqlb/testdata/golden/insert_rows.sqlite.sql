INSERT INTO "app_person" ("id", "email", "joined_at", "admin") VALUES (?, ?, ?, ?), (?, ?, ?, ?)
-- args: []interface {}{"a", "a@x.io", "2026-11-23 10:30:00.123456", 0, "b", "b@x.io", "2026-11-23 10:30:00.123456", 1}
