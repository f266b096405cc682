INSERT INTO "app_visit" ("id", "hash", "count") VALUES ($1, $2, $3) ON CONFLICT ("hash") DO UPDATE SET "count" = CASE WHEN "app_visit"."count" < $4 THEN ("app_visit"."count" + excluded."count") ELSE $5 END
-- args: []interface {}{"v", []uint8{0x68}, 1, 5, 1}
