SELECT `app_person`.`id` FROM `app_person` LIMIT ? OFFSET ?
-- args: []interface {}{9223372036854775807, 5}
