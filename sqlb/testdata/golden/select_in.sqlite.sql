SELECT "app_person"."id" FROM "app_person" WHERE ("app_person"."id" IN (?, ?, ?) AND 1 = 1 AND NOT (1 = 0))
-- args: []interface {}{"a", "b", "c"}
