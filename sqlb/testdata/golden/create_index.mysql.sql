CREATE UNIQUE INDEX `app_visit_hash_key` ON `app_visit` (`hash`);
