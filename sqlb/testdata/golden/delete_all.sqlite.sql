DELETE FROM "app_visit"
-- args: []interface {}(nil)
