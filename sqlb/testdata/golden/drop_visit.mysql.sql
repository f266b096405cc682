DROP TABLE IF EXISTS `app_visit`;
