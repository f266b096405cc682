DELETE FROM "app_visit" WHERE "app_visit"."count" < $1
-- args: []interface {}{0}
