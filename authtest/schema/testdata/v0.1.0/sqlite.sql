-- Sesame v0.1.0: the schema of the core and every plugin on sqlite, as an empty database was migrated.
-- Frozen at release by scripts/release.sh; never edit it.
-- setup
CREATE TABLE IF NOT EXISTS "auth_migration" ("plugin" TEXT NOT NULL, "id" TEXT NOT NULL, "applied_at" TEXT NOT NULL, PRIMARY KEY ("plugin", "id"));
-- migration core 001_core
CREATE TABLE IF NOT EXISTS "auth_user" ("id" TEXT NOT NULL, "name" TEXT NOT NULL, "image" TEXT NOT NULL, "created_at" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE IF NOT EXISTS "auth_identity" ("id" TEXT NOT NULL, "kind" TEXT NOT NULL, "value" TEXT NOT NULL, "scope" TEXT NOT NULL, "user_id" TEXT NOT NULL, "verified_at" TEXT, "data" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_identity_kind_value_scope_key" ON "auth_identity" ("kind", "value", "scope");
CREATE INDEX IF NOT EXISTS "auth_identity_user_id_idx" ON "auth_identity" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_session" ("id" TEXT NOT NULL, "token_hash" BLOB NOT NULL, "user_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "last_seen_at" TEXT NOT NULL, "ip" TEXT NOT NULL, "user_agent" TEXT NOT NULL, "credential" TEXT NOT NULL, "data" TEXT NOT NULL, "impersonator_id" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_session_token_hash_key" ON "auth_session" ("token_hash");
CREATE INDEX IF NOT EXISTS "auth_session_user_id_idx" ON "auth_session" ("user_id");
CREATE INDEX IF NOT EXISTS "auth_session_expires_at_idx" ON "auth_session" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_token" ("id" TEXT NOT NULL, "hash" BLOB NOT NULL, "purpose" TEXT NOT NULL, "subject" TEXT NOT NULL, "data" TEXT NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "consumed_at" TEXT, "attempts" INTEGER NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_token_hash_key" ON "auth_token" ("hash");
CREATE INDEX IF NOT EXISTS "auth_token_purpose_subject_idx" ON "auth_token" ("purpose", "subject");
CREATE INDEX IF NOT EXISTS "auth_token_expires_at_idx" ON "auth_token" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_rate_limit" ("key_hash" BLOB NOT NULL, "window_start" INTEGER NOT NULL, "count" INTEGER NOT NULL, "prev_count" INTEGER NOT NULL, "reported" INTEGER NOT NULL, "expires_at" TEXT NOT NULL, PRIMARY KEY ("key_hash"));
CREATE INDEX IF NOT EXISTS "auth_rate_limit_expires_at_idx" ON "auth_rate_limit" ("expires_at");
-- migration core 002_token_binding
ALTER TABLE "auth_token" ADD COLUMN "user_id" TEXT REFERENCES "auth_user" ("id") ON DELETE CASCADE;
ALTER TABLE "auth_token" ADD COLUMN "identity_id" TEXT REFERENCES "auth_identity" ("id") ON DELETE CASCADE;
ALTER TABLE "auth_token" ADD COLUMN "session_id" TEXT;
ALTER TABLE "auth_token" ADD COLUMN "remedy" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS "auth_token_user_id_idx" ON "auth_token" ("user_id");
CREATE INDEX IF NOT EXISTS "auth_token_identity_id_idx" ON "auth_token" ("identity_id");
-- migration core 003_outbox
CREATE TABLE IF NOT EXISTS "auth_outbox" ("id" TEXT NOT NULL, "channel" TEXT NOT NULL, "purpose" TEXT NOT NULL, "recipient" TEXT NOT NULL, "subject" TEXT NOT NULL, "body_text" TEXT NOT NULL, "body_html" TEXT NOT NULL, "created_at" TEXT NOT NULL, "attempts" INTEGER NOT NULL, "next_at" TEXT, "last_error" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "auth_outbox_next_at_idx" ON "auth_outbox" ("next_at");
-- migration core 004_identity_sign_up
ALTER TABLE "auth_identity" ADD COLUMN "sign_up" INTEGER NOT NULL DEFAULT 0;
-- migration core 005_stateless_sessions
ALTER TABLE "auth_user" ADD COLUMN "session_epoch" INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS "auth_session_revocation" ("user_id" TEXT NOT NULL, "session_id" TEXT NOT NULL, "expires_at" TEXT NOT NULL, PRIMARY KEY ("user_id", "session_id"));
CREATE INDEX IF NOT EXISTS "auth_session_revocation_expires_at_idx" ON "auth_session_revocation" ("expires_at");
-- migration email user_field_primary_email
ALTER TABLE "auth_user" ADD COLUMN "primary_email" TEXT;
-- migration email user_field_email_verified_at
ALTER TABLE "auth_user" ADD COLUMN "email_verified_at" TEXT;
-- migration password 001_create
CREATE TABLE IF NOT EXISTS "auth_password" ("user_id" TEXT NOT NULL, "hash" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration username user_field_username
ALTER TABLE "auth_user" ADD COLUMN "username" TEXT;
-- migration username user_field_username_changed_at
ALTER TABLE "auth_user" ADD COLUMN "username_changed_at" TEXT;
-- migration twofactor user_field_two_factor_enabled
ALTER TABLE "auth_user" ADD COLUMN "two_factor_enabled" INTEGER NOT NULL DEFAULT 0;
-- migration twofactor 001_create
CREATE TABLE IF NOT EXISTS "auth_two_factor" ("id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "method" TEXT NOT NULL, "name" TEXT NOT NULL, "totp_key" TEXT NOT NULL, "identity_id" TEXT, "last_step" INTEGER NOT NULL, "session_id" TEXT, "created_at" TEXT NOT NULL, "confirmed_at" TEXT, "last_used_at" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_user_id_idx" ON "auth_two_factor" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_recovery" ("code_hash" BLOB NOT NULL, "user_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, "used_at" TEXT, PRIMARY KEY ("code_hash"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_recovery_user_id_idx" ON "auth_two_factor_recovery" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_attempt" ("scope" TEXT NOT NULL, "user_id" TEXT NOT NULL, "failures" INTEGER NOT NULL, "expires_at" TEXT NOT NULL, PRIMARY KEY ("scope"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_attempt_user_id_idx" ON "auth_two_factor_attempt" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_device" ("token_hash" BLOB NOT NULL, "user_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "user_agent" TEXT NOT NULL, PRIMARY KEY ("token_hash"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_device_user_id_idx" ON "auth_two_factor_device" ("user_id");
-- migration admin user_field_banned
ALTER TABLE "auth_user" ADD COLUMN "banned" INTEGER NOT NULL DEFAULT 0;
-- migration admin user_field_ban_reason
ALTER TABLE "auth_user" ADD COLUMN "ban_reason" TEXT;
-- migration admin user_field_banned_until
ALTER TABLE "auth_user" ADD COLUMN "banned_until" TEXT;
-- migration admin user_field_role
ALTER TABLE "auth_user" ADD COLUMN "role" TEXT NOT NULL DEFAULT '';
-- migration jwt 001_create
CREATE TABLE IF NOT EXISTS "auth_jwt_key" ("kid" TEXT NOT NULL, "generation" INTEGER NOT NULL, "alg" TEXT NOT NULL, "private_key" TEXT NOT NULL, "public_jwk" TEXT NOT NULL, "created_at" TEXT NOT NULL, "signs_from" TEXT NOT NULL, "signs_until" TEXT, "published_until" TEXT, PRIMARY KEY ("kid"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_jwt_key_generation_key" ON "auth_jwt_key" ("generation");
CREATE TABLE IF NOT EXISTS "auth_jwt_lock" ("name" TEXT NOT NULL, "checked_at" TEXT NOT NULL, PRIMARY KEY ("name"));
INSERT INTO "auth_jwt_lock" ("name", "checked_at") VALUES (?, ?); -- args: ["s:rotation","s:1970-01-01 00:00:00.000000"]
-- migration emailchallenge 001_create
CREATE TABLE IF NOT EXISTS "auth_email_challenge" ("id" TEXT NOT NULL, "binding_hash" BLOB NOT NULL, "user_id" TEXT, "return_to" TEXT NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "completed_at" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_email_challenge_binding_hash_key" ON "auth_email_challenge" ("binding_hash");
CREATE INDEX IF NOT EXISTS "auth_email_challenge_expires_at_idx" ON "auth_email_challenge" ("expires_at");
-- migration phone 001_create
CREATE TABLE IF NOT EXISTS "auth_phone_prefix" ("calling_code" TEXT NOT NULL, "window_start" TEXT NOT NULL, "sent" INTEGER NOT NULL, "sent_before" INTEGER NOT NULL, "reported_start" TEXT, PRIMARY KEY ("calling_code"));
-- migration passkey 001_create
CREATE TABLE IF NOT EXISTS "auth_passkey" ("id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "name" TEXT NOT NULL, "credential_id" BLOB NOT NULL, "user_handle" BLOB NOT NULL, "public_key" BLOB NOT NULL, "aaguid" BLOB NOT NULL, "attestation_type" TEXT NOT NULL, "attestation_format" TEXT NOT NULL, "transports" TEXT NOT NULL, "sign_count" INTEGER NOT NULL, "user_verified" INTEGER NOT NULL, "backup_eligible" INTEGER NOT NULL, "backup_state" INTEGER NOT NULL, "created_at" TEXT NOT NULL, "last_used_at" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("id") REFERENCES "auth_identity" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_passkey_user_id_idx" ON "auth_passkey" ("user_id");
-- migration oauth 001_create
CREATE TABLE IF NOT EXISTS "auth_oauth_token" ("user_id" TEXT NOT NULL, "provider" TEXT NOT NULL, "subject" TEXT NOT NULL, "access_token" TEXT NOT NULL, "refresh_token" TEXT NOT NULL, "expires_at" TEXT, "scope" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("user_id", "provider"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration oauth 002_refresh_lease
ALTER TABLE "auth_oauth_token" ADD COLUMN "refreshing_until" TEXT;
-- migration geo 001_create
CREATE TABLE IF NOT EXISTS "auth_geo_last_sign_in" ("user_id" TEXT NOT NULL, "country" TEXT NOT NULL, "latitude" REAL NOT NULL, "longitude" REAL NOT NULL, "accuracy_km" REAL NOT NULL, "signed_in_at" TEXT NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration apikey 001_create
CREATE TABLE IF NOT EXISTS "auth_api_key" ("id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "key_hash" BLOB NOT NULL, "name" TEXT NOT NULL, "hint" TEXT NOT NULL, "scopes" TEXT NOT NULL, "rate_limit" INTEGER NOT NULL, "rate_window_ms" INTEGER NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT, "last_used_at" TEXT, "replaced_by" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_api_key_key_hash_key" ON "auth_api_key" ("key_hash");
CREATE INDEX IF NOT EXISTS "auth_api_key_user_id_idx" ON "auth_api_key" ("user_id");
-- migration invite 001_create
CREATE TABLE IF NOT EXISTS "auth_invitation" ("id" TEXT NOT NULL, "code_hash" BLOB NOT NULL, "created_by" TEXT, "email" TEXT, "max_uses" INTEGER NOT NULL, "uses" INTEGER NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "revoked_at" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("created_by") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_invitation_code_hash_key" ON "auth_invitation" ("code_hash");
CREATE INDEX IF NOT EXISTS "auth_invitation_created_by_idx" ON "auth_invitation" ("created_by");
CREATE INDEX IF NOT EXISTS "auth_invitation_expires_at_idx" ON "auth_invitation" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_invitation_use" ("invitation_id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "used_at" TEXT NOT NULL, PRIMARY KEY ("invitation_id", "user_id"), FOREIGN KEY ("invitation_id") REFERENCES "auth_invitation" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_invitation_use_user_id_idx" ON "auth_invitation_use" ("user_id");
-- migration lastlogin 001_create
CREATE TABLE IF NOT EXISTS "auth_last_sign_in" ("user_id" TEXT NOT NULL, "method" TEXT NOT NULL, "signed_in_at" TEXT NOT NULL, "ip" TEXT NOT NULL, "user_agent" TEXT NOT NULL, PRIMARY KEY ("user_id", "method"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_last_sign_in_signed_in_at_idx" ON "auth_last_sign_in" ("signed_in_at");
-- migration terms user_field_terms_version
ALTER TABLE "auth_user" ADD COLUMN "terms_version" TEXT NOT NULL DEFAULT '';
-- migration terms user_field_terms_accepted_at
ALTER TABLE "auth_user" ADD COLUMN "terms_accepted_at" TEXT;
-- migration terms 001_create
CREATE TABLE IF NOT EXISTS "auth_terms_acceptance" ("user_id" TEXT NOT NULL, "version" TEXT NOT NULL, "accepted_at" TEXT NOT NULL, "ip" TEXT NOT NULL, PRIMARY KEY ("user_id", "version"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration metadata 001_create
CREATE TABLE IF NOT EXISTS "auth_user_metadata" ("user_id" TEXT NOT NULL, "public" TEXT NOT NULL, "private" TEXT NOT NULL, "editable" TEXT NOT NULL, "version" INTEGER NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration stale 001_create
CREATE TABLE IF NOT EXISTS "auth_stale_mark" ("user_id" TEXT NOT NULL, "notified_at" TEXT NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE TABLE IF NOT EXISTS "auth_stale_progress" ("id" TEXT NOT NULL, "cursor_user_id" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("id"));
-- migration import 001_create
CREATE TABLE IF NOT EXISTS "auth_import" ("source" TEXT NOT NULL, "kind" TEXT NOT NULL, "source_id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "imported_at" TEXT NOT NULL, PRIMARY KEY ("source", "kind", "source_id"));
CREATE INDEX IF NOT EXISTS "auth_import_user_id_idx" ON "auth_import" ("user_id");
-- migration audit 001_create
CREATE TABLE IF NOT EXISTS "auth_audit" ("id" TEXT NOT NULL, "type" TEXT NOT NULL, "user_id" TEXT, "actor_id" TEXT, "organization_id" TEXT, "op" TEXT NOT NULL, "ip" TEXT NOT NULL, "user_agent" TEXT NOT NULL, "at" TEXT NOT NULL, "detail" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "auth_audit_at_id_idx" ON "auth_audit" ("at", "id");
CREATE INDEX IF NOT EXISTS "auth_audit_user_id_at_idx" ON "auth_audit" ("user_id", "at");
CREATE INDEX IF NOT EXISTS "auth_audit_type_at_idx" ON "auth_audit" ("type", "at");
CREATE INDEX IF NOT EXISTS "auth_audit_organization_id_at_idx" ON "auth_audit" ("organization_id", "at");
-- migration anonymous user_field_is_anonymous
ALTER TABLE "auth_user" ADD COLUMN "is_anonymous" INTEGER NOT NULL DEFAULT 0;
-- migration sessiondata 001_create
CREATE TABLE IF NOT EXISTS "auth_session_data" ("session_id" TEXT NOT NULL, "data_key" TEXT NOT NULL, "user_id" TEXT NOT NULL, "value" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("session_id", "data_key"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_session_data_user_id_idx" ON "auth_session_data" ("user_id");
-- migration referral 001_create
CREATE TABLE IF NOT EXISTS "auth_referral_code" ("user_id" TEXT NOT NULL, "code" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_referral_code_code_key" ON "auth_referral_code" ("code");
CREATE TABLE IF NOT EXISTS "auth_referral" ("referred_id" TEXT NOT NULL, "referrer_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("referred_id"), FOREIGN KEY ("referred_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE, FOREIGN KEY ("referrer_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_referral_referrer_id_idx" ON "auth_referral" ("referrer_id");
-- migration access 001_create
CREATE TABLE IF NOT EXISTS "auth_access_role" ("user_id" TEXT NOT NULL, "scope" TEXT NOT NULL, "role" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("user_id", "scope", "role"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_access_role_scope_role_idx" ON "auth_access_role" ("scope", "role");
CREATE TABLE IF NOT EXISTS "auth_access_custom_role" ("scope" TEXT NOT NULL, "name" TEXT NOT NULL, "statements" TEXT NOT NULL, "version" INTEGER NOT NULL, "created_at" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("scope", "name"));
-- migration organization 001_create
CREATE TABLE IF NOT EXISTS "auth_organization" ("id" TEXT NOT NULL, "slug" TEXT NOT NULL, "name" TEXT NOT NULL, "logo" TEXT NOT NULL, "metadata" TEXT NOT NULL, "created_at" TEXT NOT NULL, "updated_at" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_slug_key" ON "auth_organization" ("slug");
CREATE TABLE IF NOT EXISTS "auth_organization_member" ("organization_id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("organization_id", "user_id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_member_user_id_idx" ON "auth_organization_member" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_organization_invitation" ("id" TEXT NOT NULL, "organization_id" TEXT NOT NULL, "email" TEXT NOT NULL, "role" TEXT NOT NULL, "inviter_id" TEXT, "status" TEXT NOT NULL, "created_at" TEXT NOT NULL, "expires_at" TEXT NOT NULL, "answered_at" TEXT, PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("inviter_id") REFERENCES "auth_user" ("id") ON DELETE SET NULL);
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_organization_id_status_idx" ON "auth_organization_invitation" ("organization_id", "status");
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_email_status_idx" ON "auth_organization_invitation" ("email", "status");
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_inviter_id_idx" ON "auth_organization_invitation" ("inviter_id");
CREATE TABLE IF NOT EXISTS "auth_organization_active" ("session_id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "organization_id" TEXT NOT NULL, "set_at" TEXT NOT NULL, PRIMARY KEY ("session_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE, FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_active_user_id_organization_id_idx" ON "auth_organization_active" ("user_id", "organization_id");
CREATE INDEX IF NOT EXISTS "auth_organization_active_organization_id_idx" ON "auth_organization_active" ("organization_id");
CREATE TABLE IF NOT EXISTS "auth_organization_team" ("id" TEXT NOT NULL, "organization_id" TEXT NOT NULL, "name" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_team_organization_id_name_key" ON "auth_organization_team" ("organization_id", "name");
CREATE TABLE IF NOT EXISTS "auth_organization_team_member" ("team_id" TEXT NOT NULL, "organization_id" TEXT NOT NULL, "user_id" TEXT NOT NULL, "created_at" TEXT NOT NULL, PRIMARY KEY ("team_id", "user_id"), FOREIGN KEY ("team_id") REFERENCES "auth_organization_team" ("id") ON DELETE CASCADE, FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_team_member_organization_id_user_id_idx" ON "auth_organization_team_member" ("organization_id", "user_id");
CREATE INDEX IF NOT EXISTS "auth_organization_team_member_user_id_idx" ON "auth_organization_team_member" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_organization_domain" ("id" TEXT NOT NULL, "organization_id" TEXT NOT NULL, "domain" TEXT NOT NULL, "policy" TEXT NOT NULL, "challenge" TEXT NOT NULL, "verified_at" TEXT, "created_at" TEXT NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_domain_organization_id_domain_key" ON "auth_organization_domain" ("organization_id", "domain");
CREATE INDEX IF NOT EXISTS "auth_organization_domain_domain_idx" ON "auth_organization_domain" ("domain");
