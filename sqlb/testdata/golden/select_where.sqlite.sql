SELECT "app_person"."id", "app_person"."email" FROM "app_person" WHERE ("app_person"."email" = ? AND "app_person"."age" >= ? AND ("app_person"."admin" = ? OR "app_person"."seen_at" IS NULL))
-- args: []interface {}{"a@x.io", 18, 1}
