INSERT INTO `app_visit` (`id`, `hash`) VALUES (?, ?) ON DUPLICATE KEY UPDATE `hash` = `hash`
-- args: []interface {}{"v", []uint8{0x68}}
