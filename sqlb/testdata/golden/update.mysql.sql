UPDATE `app_person` SET `name` = ?, `seen_at` = ? WHERE (`app_person`.`id` = ? AND `app_person`.`seen_at` IS NULL)
-- args: []interface {}{"N", "2026-11-23 10:30:00.123456", "a"}
