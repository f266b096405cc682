SELECT "app_person"."id" FROM "app_person" WHERE ("app_person"."id" IN ($1, $2, $3) AND 1 = 1 AND NOT (1 = 0)) FOR UPDATE
-- args: []interface {}{"a", "b", "c"}
