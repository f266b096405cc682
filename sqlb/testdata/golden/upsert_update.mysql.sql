INSERT INTO `app_visit` (`id`, `hash`, `count`) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE `count` = CASE WHEN `app_visit`.`count` < ? THEN (`app_visit`.`count` + VALUES(`count`)) ELSE ? END
-- args: []interface {}{"v", []uint8{0x68}, 1, 5, 1}
