SELECT "app_person"."id", COUNT(*) FROM "app_person" JOIN "app_visit" ON "app_visit"."person_id" = "app_person"."id" LEFT JOIN "app_visit" ON "app_visit"."person_id" = "app_person"."id" WHERE "app_visit"."hash" = $1 ORDER BY "app_person"."joined_at" DESC, "app_person"."id" LIMIT $2 OFFSET $3
-- args: []interface {}{[]uint8{0x1, 0x2}, 10, 20}
