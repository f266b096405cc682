-- Sesame v0.1.0: the schema of the core and every plugin on mysql, as an empty database was migrated.
-- Frozen at release by scripts/release.sh; never edit it.
-- setup
CREATE TABLE IF NOT EXISTS `auth_migration` (`plugin` VARBINARY(256) NOT NULL, `id` VARBINARY(512) NOT NULL, `applied_at` DATETIME(6) NOT NULL, PRIMARY KEY (`plugin`, `id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration core 001_core
CREATE TABLE IF NOT EXISTS `auth_user` (`id` VARBINARY(144) NOT NULL, `name` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `image` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, `updated_at` DATETIME(6) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_identity` (`id` VARBINARY(144) NOT NULL, `kind` VARBINARY(256) NOT NULL, `value` VARBINARY(1020) NOT NULL, `scope` VARBINARY(144) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `verified_at` DATETIME(6), `data` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, UNIQUE KEY `auth_identity_kind_value_scope_key` (`kind`, `value`, `scope`), KEY `auth_identity_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_session` (`id` VARBINARY(144) NOT NULL, `token_hash` VARBINARY(32) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6) NOT NULL, `last_seen_at` DATETIME(6) NOT NULL, `ip` VARBINARY(256) NOT NULL, `user_agent` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `credential` VARBINARY(256) NOT NULL, `data` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `impersonator_id` VARBINARY(144), PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, UNIQUE KEY `auth_session_token_hash_key` (`token_hash`), KEY `auth_session_user_id_idx` (`user_id`), KEY `auth_session_expires_at_idx` (`expires_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_token` (`id` VARBINARY(144) NOT NULL, `hash` VARBINARY(32) NOT NULL, `purpose` VARBINARY(256) NOT NULL, `subject` VARBINARY(1020) NOT NULL, `data` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6) NOT NULL, `consumed_at` DATETIME(6), `attempts` BIGINT NOT NULL, PRIMARY KEY (`id`), UNIQUE KEY `auth_token_hash_key` (`hash`), KEY `auth_token_purpose_subject_idx` (`purpose`, `subject`), KEY `auth_token_expires_at_idx` (`expires_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_rate_limit` (`key_hash` VARBINARY(32) NOT NULL, `window_start` BIGINT NOT NULL, `count` BIGINT NOT NULL, `prev_count` BIGINT NOT NULL, `reported` BIGINT NOT NULL, `expires_at` DATETIME(6) NOT NULL, PRIMARY KEY (`key_hash`), KEY `auth_rate_limit_expires_at_idx` (`expires_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration core 002_token_binding
ALTER TABLE `auth_token` ADD COLUMN `user_id` VARBINARY(144), ADD FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE;
ALTER TABLE `auth_token` ADD COLUMN `identity_id` VARBINARY(144), ADD FOREIGN KEY (`identity_id`) REFERENCES `auth_identity` (`id`) ON DELETE CASCADE;
ALTER TABLE `auth_token` ADD COLUMN `session_id` VARBINARY(144);
ALTER TABLE `auth_token` ADD COLUMN `remedy` TINYINT(1) NOT NULL DEFAULT 0;
CREATE INDEX `auth_token_user_id_idx` ON `auth_token` (`user_id`);
CREATE INDEX `auth_token_identity_id_idx` ON `auth_token` (`identity_id`);
-- migration core 003_outbox
CREATE TABLE IF NOT EXISTS `auth_outbox` (`id` VARBINARY(144) NOT NULL, `channel` VARBINARY(256) NOT NULL, `purpose` VARBINARY(256) NOT NULL, `recipient` VARBINARY(1020) NOT NULL, `subject` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `body_text` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `body_html` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, `attempts` BIGINT NOT NULL, `next_at` DATETIME(6), `last_error` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, PRIMARY KEY (`id`), KEY `auth_outbox_next_at_idx` (`next_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration core 004_identity_sign_up
ALTER TABLE `auth_identity` ADD COLUMN `sign_up` TINYINT(1) NOT NULL DEFAULT 0;
-- migration email user_field_primary_email
ALTER TABLE `auth_user` ADD COLUMN `primary_email` VARBINARY(1020);
-- migration email user_field_email_verified_at
ALTER TABLE `auth_user` ADD COLUMN `email_verified_at` DATETIME(6);
-- migration password 001_create
CREATE TABLE IF NOT EXISTS `auth_password` (`user_id` VARBINARY(144) NOT NULL, `hash` VARBINARY(1020) NOT NULL, `updated_at` DATETIME(6) NOT NULL, PRIMARY KEY (`user_id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration username user_field_username
ALTER TABLE `auth_user` ADD COLUMN `username` VARBINARY(1020);
-- migration username user_field_username_changed_at
ALTER TABLE `auth_user` ADD COLUMN `username_changed_at` DATETIME(6);
-- migration twofactor user_field_two_factor_enabled
ALTER TABLE `auth_user` ADD COLUMN `two_factor_enabled` TINYINT(1) NOT NULL DEFAULT 0;
-- migration twofactor 001_create
CREATE TABLE IF NOT EXISTS `auth_two_factor` (`id` VARBINARY(144) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `method` VARBINARY(64) NOT NULL, `name` VARBINARY(256) NOT NULL, `totp_key` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `identity_id` VARBINARY(144), `last_step` BIGINT NOT NULL, `session_id` VARBINARY(144), `created_at` DATETIME(6) NOT NULL, `confirmed_at` DATETIME(6), `last_used_at` DATETIME(6), PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_two_factor_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_two_factor_recovery` (`code_hash` VARBINARY(32) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `created_at` DATETIME(6) NOT NULL, `used_at` DATETIME(6), PRIMARY KEY (`code_hash`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_two_factor_recovery_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_two_factor_attempt` (`scope` VARBINARY(160) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `failures` BIGINT NOT NULL, `expires_at` DATETIME(6) NOT NULL, PRIMARY KEY (`scope`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_two_factor_attempt_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_two_factor_device` (`token_hash` VARBINARY(32) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6) NOT NULL, `user_agent` VARBINARY(2048) NOT NULL, PRIMARY KEY (`token_hash`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_two_factor_device_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration admin user_field_banned
ALTER TABLE `auth_user` ADD COLUMN `banned` TINYINT(1) NOT NULL DEFAULT 0;
-- migration admin user_field_ban_reason
ALTER TABLE `auth_user` ADD COLUMN `ban_reason` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
-- migration admin user_field_banned_until
ALTER TABLE `auth_user` ADD COLUMN `banned_until` DATETIME(6);
-- migration admin user_field_role
ALTER TABLE `auth_user` ADD COLUMN `role` VARBINARY(256) NOT NULL DEFAULT '';
-- migration jwt 001_create
CREATE TABLE IF NOT EXISTS `auth_jwt_key` (`kid` VARBINARY(256) NOT NULL, `generation` BIGINT NOT NULL, `alg` VARBINARY(64) NOT NULL, `private_key` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `public_jwk` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, `signs_from` DATETIME(6) NOT NULL, `signs_until` DATETIME(6), `published_until` DATETIME(6), PRIMARY KEY (`kid`), UNIQUE KEY `auth_jwt_key_generation_key` (`generation`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_jwt_lock` (`name` VARBINARY(64) NOT NULL, `checked_at` DATETIME(6) NOT NULL, PRIMARY KEY (`name`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
INSERT INTO `auth_jwt_lock` (`name`, `checked_at`) VALUES (?, ?); -- args: ["s:rotation","s:1970-01-01 00:00:00.000000"]
-- migration emailchallenge 001_create
CREATE TABLE IF NOT EXISTS `auth_email_challenge` (`id` VARBINARY(144) NOT NULL, `binding_hash` VARBINARY(32) NOT NULL, `user_id` VARBINARY(144), `return_to` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6) NOT NULL, `completed_at` DATETIME(6), PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, UNIQUE KEY `auth_email_challenge_binding_hash_key` (`binding_hash`), KEY `auth_email_challenge_expires_at_idx` (`expires_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration phone 001_create
CREATE TABLE IF NOT EXISTS `auth_phone_prefix` (`calling_code` VARBINARY(32) NOT NULL, `window_start` DATETIME(6) NOT NULL, `sent` BIGINT NOT NULL, `sent_before` BIGINT NOT NULL, `reported_start` DATETIME(6), PRIMARY KEY (`calling_code`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration passkey 001_create
CREATE TABLE IF NOT EXISTS `auth_passkey` (`id` VARBINARY(144) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `name` VARBINARY(1020) NOT NULL, `credential_id` LONGBLOB NOT NULL, `user_handle` VARBINARY(64) NOT NULL, `public_key` LONGBLOB NOT NULL, `aaguid` VARBINARY(16) NOT NULL, `attestation_type` VARBINARY(256) NOT NULL, `attestation_format` VARBINARY(256) NOT NULL, `transports` VARBINARY(1020) NOT NULL, `sign_count` BIGINT NOT NULL, `user_verified` TINYINT(1) NOT NULL, `backup_eligible` TINYINT(1) NOT NULL, `backup_state` TINYINT(1) NOT NULL, `created_at` DATETIME(6) NOT NULL, `last_used_at` DATETIME(6), PRIMARY KEY (`id`), FOREIGN KEY (`id`) REFERENCES `auth_identity` (`id`) ON DELETE CASCADE, FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_passkey_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration oauth 001_create
CREATE TABLE IF NOT EXISTS `auth_oauth_token` (`user_id` VARBINARY(144) NOT NULL, `provider` VARBINARY(256) NOT NULL, `subject` VARBINARY(1020) NOT NULL, `access_token` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `refresh_token` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `expires_at` DATETIME(6), `scope` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `updated_at` DATETIME(6) NOT NULL, PRIMARY KEY (`user_id`, `provider`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration oauth 002_refresh_lease
ALTER TABLE `auth_oauth_token` ADD COLUMN `refreshing_until` DATETIME(6);
-- migration geo 001_create
CREATE TABLE IF NOT EXISTS `auth_geo_last_sign_in` (`user_id` VARBINARY(144) NOT NULL, `country` VARBINARY(8) NOT NULL, `latitude` DOUBLE NOT NULL, `longitude` DOUBLE NOT NULL, `accuracy_km` DOUBLE NOT NULL, `signed_in_at` DATETIME(6) NOT NULL, PRIMARY KEY (`user_id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration apikey 001_create
CREATE TABLE IF NOT EXISTS `auth_api_key` (`id` VARBINARY(144) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `key_hash` VARBINARY(32) NOT NULL, `name` VARBINARY(1600) NOT NULL, `hint` VARBINARY(256) NOT NULL, `scopes` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `rate_limit` BIGINT NOT NULL, `rate_window_ms` BIGINT NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6), `last_used_at` DATETIME(6), `replaced_by` VARBINARY(144), PRIMARY KEY (`id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, UNIQUE KEY `auth_api_key_key_hash_key` (`key_hash`), KEY `auth_api_key_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration invite 001_create
CREATE TABLE IF NOT EXISTS `auth_invitation` (`id` VARBINARY(144) NOT NULL, `code_hash` VARBINARY(32) NOT NULL, `created_by` VARBINARY(144), `email` VARBINARY(1280), `max_uses` BIGINT NOT NULL, `uses` BIGINT NOT NULL, `created_at` DATETIME(6) NOT NULL, `expires_at` DATETIME(6) NOT NULL, `revoked_at` DATETIME(6), PRIMARY KEY (`id`), FOREIGN KEY (`created_by`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, UNIQUE KEY `auth_invitation_code_hash_key` (`code_hash`), KEY `auth_invitation_created_by_idx` (`created_by`), KEY `auth_invitation_expires_at_idx` (`expires_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_invitation_use` (`invitation_id` VARBINARY(144) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `used_at` DATETIME(6) NOT NULL, PRIMARY KEY (`invitation_id`, `user_id`), FOREIGN KEY (`invitation_id`) REFERENCES `auth_invitation` (`id`) ON DELETE CASCADE, FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_invitation_use_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration lastlogin 001_create
CREATE TABLE IF NOT EXISTS `auth_last_sign_in` (`user_id` VARBINARY(144) NOT NULL, `method` VARBINARY(256) NOT NULL, `signed_in_at` DATETIME(6) NOT NULL, `ip` VARBINARY(256) NOT NULL, `user_agent` VARBINARY(2048) NOT NULL, PRIMARY KEY (`user_id`, `method`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE, KEY `auth_last_sign_in_signed_in_at_idx` (`signed_in_at`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration terms user_field_terms_version
ALTER TABLE `auth_user` ADD COLUMN `terms_version` VARBINARY(256) NOT NULL DEFAULT '';
-- migration terms user_field_terms_accepted_at
ALTER TABLE `auth_user` ADD COLUMN `terms_accepted_at` DATETIME(6);
-- migration terms 001_create
CREATE TABLE IF NOT EXISTS `auth_terms_acceptance` (`user_id` VARBINARY(144) NOT NULL, `version` VARBINARY(256) NOT NULL, `accepted_at` DATETIME(6) NOT NULL, `ip` VARBINARY(256) NOT NULL, PRIMARY KEY (`user_id`, `version`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration metadata 001_create
CREATE TABLE IF NOT EXISTS `auth_user_metadata` (`user_id` VARBINARY(144) NOT NULL, `public` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `private` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `editable` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `version` BIGINT NOT NULL, `updated_at` DATETIME(6) NOT NULL, PRIMARY KEY (`user_id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration stale 001_create
CREATE TABLE IF NOT EXISTS `auth_stale_mark` (`user_id` VARBINARY(144) NOT NULL, `notified_at` DATETIME(6) NOT NULL, PRIMARY KEY (`user_id`), FOREIGN KEY (`user_id`) REFERENCES `auth_user` (`id`) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE TABLE IF NOT EXISTS `auth_stale_progress` (`id` VARBINARY(64) NOT NULL, `cursor_user_id` VARBINARY(144) NOT NULL, `updated_at` DATETIME(6) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
-- migration import 001_create
CREATE TABLE IF NOT EXISTS `auth_import` (`source` VARBINARY(256) NOT NULL, `kind` VARBINARY(64) NOT NULL, `source_id` VARBINARY(1020) NOT NULL, `user_id` VARBINARY(144) NOT NULL, `imported_at` DATETIME(6) NOT NULL, PRIMARY KEY (`source`, `kind`, `source_id`), KEY `auth_import_user_id_idx` (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
