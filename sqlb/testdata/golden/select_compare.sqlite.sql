SELECT "app_person"."id" FROM "app_person" WHERE ("app_person"."joined_at" < ? AND "app_person"."joined_at" <= ? AND "app_person"."joined_at" > ? AND "app_person"."age" <> ? AND ("app_person"."age" + ?) <= ? AND "app_person"."seen_at" IS NOT NULL)
-- args: []interface {}{"2026-11-23 10:30:00.123456", "2026-11-23 10:30:00.123456", "2026-11-23 10:30:00.123456", 3, 1, 2}
