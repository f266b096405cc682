UPDATE "app_visit" SET "count" = ("app_visit"."count" + $1)
-- args: []interface {}{1}
