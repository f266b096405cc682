SELECT "app_person"."id" FROM "app_person" LIMIT $1 OFFSET $2
-- args: []interface {}{9223372036854775807, 5}
