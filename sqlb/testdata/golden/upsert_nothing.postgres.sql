INSERT INTO "app_visit" ("id", "hash") VALUES ($1, $2) ON CONFLICT ("hash") DO NOTHING
-- args: []interface {}{"v", []uint8{0x68}}
