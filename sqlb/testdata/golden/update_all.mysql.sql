UPDATE `app_visit` SET `count` = (`app_visit`.`count` + ?)
-- args: []interface {}{1}
