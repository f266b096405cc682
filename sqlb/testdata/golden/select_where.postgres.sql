SELECT "app_person"."id", "app_person"."email" FROM "app_person" WHERE ("app_person"."email" = $1 AND "app_person"."age" >= $2 AND ("app_person"."admin" = $3 OR "app_person"."seen_at" IS NULL))
-- args: []interface {}{"a@x.io", 18, true}
