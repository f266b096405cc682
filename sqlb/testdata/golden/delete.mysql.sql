DELETE FROM `app_visit` WHERE `app_visit`.`count` < ?
-- args: []interface {}{0}
