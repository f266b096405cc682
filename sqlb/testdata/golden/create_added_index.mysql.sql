CREATE INDEX `app_visit_flagged_idx` ON `app_visit` (`flagged`);
