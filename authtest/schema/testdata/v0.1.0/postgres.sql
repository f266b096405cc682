-- Sesame v0.1.0: the schema of the core and every plugin on postgres, as an empty database was migrated.
-- Frozen at release by scripts/release.sh; never edit it.
-- setup
CREATE TABLE IF NOT EXISTS "auth_migration" ("plugin" VARCHAR(64) NOT NULL, "id" VARCHAR(128) NOT NULL, "applied_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("plugin", "id"));
-- migration core 001_core
CREATE TABLE IF NOT EXISTS "auth_user" ("id" VARCHAR(36) NOT NULL, "name" TEXT NOT NULL, "image" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE IF NOT EXISTS "auth_identity" ("id" VARCHAR(36) NOT NULL, "kind" VARCHAR(64) NOT NULL, "value" VARCHAR(255) NOT NULL, "scope" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "verified_at" TIMESTAMPTZ(6), "data" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_identity_kind_value_scope_key" ON "auth_identity" ("kind", "value", "scope");
CREATE INDEX IF NOT EXISTS "auth_identity_user_id_idx" ON "auth_identity" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_session" ("id" VARCHAR(36) NOT NULL, "token_hash" BYTEA NOT NULL, "user_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "last_seen_at" TIMESTAMPTZ(6) NOT NULL, "ip" VARCHAR(64) NOT NULL, "user_agent" TEXT NOT NULL, "credential" VARCHAR(64) NOT NULL, "data" TEXT NOT NULL, "impersonator_id" VARCHAR(36), PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_session_token_hash_key" ON "auth_session" ("token_hash");
CREATE INDEX IF NOT EXISTS "auth_session_user_id_idx" ON "auth_session" ("user_id");
CREATE INDEX IF NOT EXISTS "auth_session_expires_at_idx" ON "auth_session" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_token" ("id" VARCHAR(36) NOT NULL, "hash" BYTEA NOT NULL, "purpose" VARCHAR(64) NOT NULL, "subject" VARCHAR(255) NOT NULL, "data" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "consumed_at" TIMESTAMPTZ(6), "attempts" BIGINT NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_token_hash_key" ON "auth_token" ("hash");
CREATE INDEX IF NOT EXISTS "auth_token_purpose_subject_idx" ON "auth_token" ("purpose", "subject");
CREATE INDEX IF NOT EXISTS "auth_token_expires_at_idx" ON "auth_token" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_rate_limit" ("key_hash" BYTEA NOT NULL, "window_start" BIGINT NOT NULL, "count" BIGINT NOT NULL, "prev_count" BIGINT NOT NULL, "reported" BIGINT NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("key_hash"));
CREATE INDEX IF NOT EXISTS "auth_rate_limit_expires_at_idx" ON "auth_rate_limit" ("expires_at");
-- migration core 002_token_binding
ALTER TABLE "auth_token" ADD COLUMN "user_id" VARCHAR(36) REFERENCES "auth_user" ("id") ON DELETE CASCADE;
ALTER TABLE "auth_token" ADD COLUMN "identity_id" VARCHAR(36) REFERENCES "auth_identity" ("id") ON DELETE CASCADE;
ALTER TABLE "auth_token" ADD COLUMN "session_id" VARCHAR(36);
ALTER TABLE "auth_token" ADD COLUMN "remedy" BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX IF NOT EXISTS "auth_token_user_id_idx" ON "auth_token" ("user_id");
CREATE INDEX IF NOT EXISTS "auth_token_identity_id_idx" ON "auth_token" ("identity_id");
-- migration core 003_outbox
CREATE TABLE IF NOT EXISTS "auth_outbox" ("id" VARCHAR(36) NOT NULL, "channel" VARCHAR(64) NOT NULL, "purpose" VARCHAR(64) NOT NULL, "recipient" VARCHAR(255) NOT NULL, "subject" TEXT NOT NULL, "body_text" TEXT NOT NULL, "body_html" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "attempts" BIGINT NOT NULL, "next_at" TIMESTAMPTZ(6), "last_error" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "auth_outbox_next_at_idx" ON "auth_outbox" ("next_at");
-- migration core 004_identity_sign_up
ALTER TABLE "auth_identity" ADD COLUMN "sign_up" BOOLEAN NOT NULL DEFAULT FALSE;
-- migration core 005_stateless_sessions
ALTER TABLE "auth_user" ADD COLUMN "session_epoch" BIGINT NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS "auth_session_revocation" ("user_id" VARCHAR(36) NOT NULL, "session_id" VARCHAR(36) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id", "session_id"));
CREATE INDEX IF NOT EXISTS "auth_session_revocation_expires_at_idx" ON "auth_session_revocation" ("expires_at");
-- migration email user_field_primary_email
ALTER TABLE "auth_user" ADD COLUMN "primary_email" VARCHAR(255);
-- migration email user_field_email_verified_at
ALTER TABLE "auth_user" ADD COLUMN "email_verified_at" TIMESTAMPTZ(6);
-- migration password 001_create
CREATE TABLE IF NOT EXISTS "auth_password" ("user_id" VARCHAR(36) NOT NULL, "hash" VARCHAR(255) NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration username user_field_username
ALTER TABLE "auth_user" ADD COLUMN "username" VARCHAR(255);
-- migration username user_field_username_changed_at
ALTER TABLE "auth_user" ADD COLUMN "username_changed_at" TIMESTAMPTZ(6);
-- migration twofactor user_field_two_factor_enabled
ALTER TABLE "auth_user" ADD COLUMN "two_factor_enabled" BOOLEAN NOT NULL DEFAULT FALSE;
-- migration twofactor 001_create
CREATE TABLE IF NOT EXISTS "auth_two_factor" ("id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "method" VARCHAR(16) NOT NULL, "name" VARCHAR(64) NOT NULL, "totp_key" TEXT NOT NULL, "identity_id" VARCHAR(36), "last_step" BIGINT NOT NULL, "session_id" VARCHAR(36), "created_at" TIMESTAMPTZ(6) NOT NULL, "confirmed_at" TIMESTAMPTZ(6), "last_used_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_user_id_idx" ON "auth_two_factor" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_recovery" ("code_hash" BYTEA NOT NULL, "user_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "used_at" TIMESTAMPTZ(6), PRIMARY KEY ("code_hash"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_recovery_user_id_idx" ON "auth_two_factor_recovery" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_attempt" ("scope" VARCHAR(40) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "failures" BIGINT NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("scope"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_attempt_user_id_idx" ON "auth_two_factor_attempt" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_two_factor_device" ("token_hash" BYTEA NOT NULL, "user_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "user_agent" VARCHAR(512) NOT NULL, PRIMARY KEY ("token_hash"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_two_factor_device_user_id_idx" ON "auth_two_factor_device" ("user_id");
-- migration admin user_field_banned
ALTER TABLE "auth_user" ADD COLUMN "banned" BOOLEAN NOT NULL DEFAULT FALSE;
-- migration admin user_field_ban_reason
ALTER TABLE "auth_user" ADD COLUMN "ban_reason" TEXT;
-- migration admin user_field_banned_until
ALTER TABLE "auth_user" ADD COLUMN "banned_until" TIMESTAMPTZ(6);
-- migration admin user_field_role
ALTER TABLE "auth_user" ADD COLUMN "role" VARCHAR(64) NOT NULL DEFAULT '';
-- migration jwt 001_create
CREATE TABLE IF NOT EXISTS "auth_jwt_key" ("kid" VARCHAR(64) NOT NULL, "generation" BIGINT NOT NULL, "alg" VARCHAR(16) NOT NULL, "private_key" TEXT NOT NULL, "public_jwk" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "signs_from" TIMESTAMPTZ(6) NOT NULL, "signs_until" TIMESTAMPTZ(6), "published_until" TIMESTAMPTZ(6), PRIMARY KEY ("kid"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_jwt_key_generation_key" ON "auth_jwt_key" ("generation");
CREATE TABLE IF NOT EXISTS "auth_jwt_lock" ("name" VARCHAR(16) NOT NULL, "checked_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("name"));
INSERT INTO "auth_jwt_lock" ("name", "checked_at") VALUES ($1, $2); -- args: ["s:rotation","t:1970-01-01T00:00:00Z"]
-- migration emailchallenge 001_create
CREATE TABLE IF NOT EXISTS "auth_email_challenge" ("id" VARCHAR(36) NOT NULL, "binding_hash" BYTEA NOT NULL, "user_id" VARCHAR(36), "return_to" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "completed_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_email_challenge_binding_hash_key" ON "auth_email_challenge" ("binding_hash");
CREATE INDEX IF NOT EXISTS "auth_email_challenge_expires_at_idx" ON "auth_email_challenge" ("expires_at");
-- migration phone 001_create
CREATE TABLE IF NOT EXISTS "auth_phone_prefix" ("calling_code" VARCHAR(8) NOT NULL, "window_start" TIMESTAMPTZ(6) NOT NULL, "sent" BIGINT NOT NULL, "sent_before" BIGINT NOT NULL, "reported_start" TIMESTAMPTZ(6), PRIMARY KEY ("calling_code"));
-- migration passkey 001_create
CREATE TABLE IF NOT EXISTS "auth_passkey" ("id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "name" VARCHAR(255) NOT NULL, "credential_id" BYTEA NOT NULL, "user_handle" BYTEA NOT NULL, "public_key" BYTEA NOT NULL, "aaguid" BYTEA NOT NULL, "attestation_type" VARCHAR(64) NOT NULL, "attestation_format" VARCHAR(64) NOT NULL, "transports" VARCHAR(255) NOT NULL, "sign_count" BIGINT NOT NULL, "user_verified" BOOLEAN NOT NULL, "backup_eligible" BOOLEAN NOT NULL, "backup_state" BOOLEAN NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "last_used_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"), FOREIGN KEY ("id") REFERENCES "auth_identity" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_passkey_user_id_idx" ON "auth_passkey" ("user_id");
-- migration oauth 001_create
CREATE TABLE IF NOT EXISTS "auth_oauth_token" ("user_id" VARCHAR(36) NOT NULL, "provider" VARCHAR(64) NOT NULL, "subject" VARCHAR(255) NOT NULL, "access_token" TEXT NOT NULL, "refresh_token" TEXT NOT NULL, "expires_at" TIMESTAMPTZ(6), "scope" TEXT NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id", "provider"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration oauth 002_refresh_lease
ALTER TABLE "auth_oauth_token" ADD COLUMN "refreshing_until" TIMESTAMPTZ(6);
-- migration geo 001_create
CREATE TABLE IF NOT EXISTS "auth_geo_last_sign_in" ("user_id" VARCHAR(36) NOT NULL, "country" VARCHAR(2) NOT NULL, "latitude" DOUBLE PRECISION NOT NULL, "longitude" DOUBLE PRECISION NOT NULL, "accuracy_km" DOUBLE PRECISION NOT NULL, "signed_in_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration apikey 001_create
CREATE TABLE IF NOT EXISTS "auth_api_key" ("id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "key_hash" BYTEA NOT NULL, "name" VARCHAR(400) NOT NULL, "hint" VARCHAR(64) NOT NULL, "scopes" TEXT NOT NULL, "rate_limit" BIGINT NOT NULL, "rate_window_ms" BIGINT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6), "last_used_at" TIMESTAMPTZ(6), "replaced_by" VARCHAR(36), PRIMARY KEY ("id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_api_key_key_hash_key" ON "auth_api_key" ("key_hash");
CREATE INDEX IF NOT EXISTS "auth_api_key_user_id_idx" ON "auth_api_key" ("user_id");
-- migration invite 001_create
CREATE TABLE IF NOT EXISTS "auth_invitation" ("id" VARCHAR(36) NOT NULL, "code_hash" BYTEA NOT NULL, "created_by" VARCHAR(36), "email" VARCHAR(320), "max_uses" BIGINT NOT NULL, "uses" BIGINT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "revoked_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"), FOREIGN KEY ("created_by") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_invitation_code_hash_key" ON "auth_invitation" ("code_hash");
CREATE INDEX IF NOT EXISTS "auth_invitation_created_by_idx" ON "auth_invitation" ("created_by");
CREATE INDEX IF NOT EXISTS "auth_invitation_expires_at_idx" ON "auth_invitation" ("expires_at");
CREATE TABLE IF NOT EXISTS "auth_invitation_use" ("invitation_id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "used_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("invitation_id", "user_id"), FOREIGN KEY ("invitation_id") REFERENCES "auth_invitation" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_invitation_use_user_id_idx" ON "auth_invitation_use" ("user_id");
-- migration lastlogin 001_create
CREATE TABLE IF NOT EXISTS "auth_last_sign_in" ("user_id" VARCHAR(36) NOT NULL, "method" VARCHAR(64) NOT NULL, "signed_in_at" TIMESTAMPTZ(6) NOT NULL, "ip" VARCHAR(64) NOT NULL, "user_agent" VARCHAR(512) NOT NULL, PRIMARY KEY ("user_id", "method"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_last_sign_in_signed_in_at_idx" ON "auth_last_sign_in" ("signed_in_at");
-- migration terms user_field_terms_version
ALTER TABLE "auth_user" ADD COLUMN "terms_version" VARCHAR(64) NOT NULL DEFAULT '';
-- migration terms user_field_terms_accepted_at
ALTER TABLE "auth_user" ADD COLUMN "terms_accepted_at" TIMESTAMPTZ(6);
-- migration terms 001_create
CREATE TABLE IF NOT EXISTS "auth_terms_acceptance" ("user_id" VARCHAR(36) NOT NULL, "version" VARCHAR(64) NOT NULL, "accepted_at" TIMESTAMPTZ(6) NOT NULL, "ip" VARCHAR(64) NOT NULL, PRIMARY KEY ("user_id", "version"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration metadata 001_create
CREATE TABLE IF NOT EXISTS "auth_user_metadata" ("user_id" VARCHAR(36) NOT NULL, "public" TEXT NOT NULL, "private" TEXT NOT NULL, "editable" TEXT NOT NULL, "version" BIGINT NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
-- migration stale 001_create
CREATE TABLE IF NOT EXISTS "auth_stale_mark" ("user_id" VARCHAR(36) NOT NULL, "notified_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE TABLE IF NOT EXISTS "auth_stale_progress" ("id" VARCHAR(16) NOT NULL, "cursor_user_id" VARCHAR(36) NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"));
-- migration import 001_create
CREATE TABLE IF NOT EXISTS "auth_import" ("source" VARCHAR(64) NOT NULL, "kind" VARCHAR(16) NOT NULL, "source_id" VARCHAR(255) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "imported_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("source", "kind", "source_id"));
CREATE INDEX IF NOT EXISTS "auth_import_user_id_idx" ON "auth_import" ("user_id");
-- migration audit 001_create
CREATE TABLE IF NOT EXISTS "auth_audit" ("id" VARCHAR(36) NOT NULL, "type" VARCHAR(64) NOT NULL, "user_id" VARCHAR(36), "actor_id" VARCHAR(36), "organization_id" VARCHAR(36), "op" VARCHAR(128) NOT NULL, "ip" VARCHAR(45) NOT NULL, "user_agent" VARCHAR(512) NOT NULL, "at" TIMESTAMPTZ(6) NOT NULL, "detail" TEXT NOT NULL, PRIMARY KEY ("id"));
CREATE INDEX IF NOT EXISTS "auth_audit_at_id_idx" ON "auth_audit" ("at", "id");
CREATE INDEX IF NOT EXISTS "auth_audit_user_id_at_idx" ON "auth_audit" ("user_id", "at");
CREATE INDEX IF NOT EXISTS "auth_audit_type_at_idx" ON "auth_audit" ("type", "at");
CREATE INDEX IF NOT EXISTS "auth_audit_organization_id_at_idx" ON "auth_audit" ("organization_id", "at");
-- migration anonymous user_field_is_anonymous
ALTER TABLE "auth_user" ADD COLUMN "is_anonymous" BOOLEAN NOT NULL DEFAULT FALSE;
-- migration sessiondata 001_create
CREATE TABLE IF NOT EXISTS "auth_session_data" ("session_id" VARCHAR(36) NOT NULL, "data_key" VARCHAR(64) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "value" TEXT NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("session_id", "data_key"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_session_data_user_id_idx" ON "auth_session_data" ("user_id");
-- migration referral 001_create
CREATE TABLE IF NOT EXISTS "auth_referral_code" ("user_id" VARCHAR(36) NOT NULL, "code" VARCHAR(10) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_referral_code_code_key" ON "auth_referral_code" ("code");
CREATE TABLE IF NOT EXISTS "auth_referral" ("referred_id" VARCHAR(36) NOT NULL, "referrer_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("referred_id"), FOREIGN KEY ("referred_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE, FOREIGN KEY ("referrer_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_referral_referrer_id_idx" ON "auth_referral" ("referrer_id");
-- migration access 001_create
CREATE TABLE IF NOT EXISTS "auth_access_role" ("user_id" VARCHAR(36) NOT NULL, "scope" VARCHAR(64) NOT NULL, "role" VARCHAR(64) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("user_id", "scope", "role"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_access_role_scope_role_idx" ON "auth_access_role" ("scope", "role");
CREATE TABLE IF NOT EXISTS "auth_access_custom_role" ("scope" VARCHAR(64) NOT NULL, "name" VARCHAR(64) NOT NULL, "statements" TEXT NOT NULL, "version" BIGINT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("scope", "name"));
-- migration organization 001_create
CREATE TABLE IF NOT EXISTS "auth_organization" ("id" VARCHAR(36) NOT NULL, "slug" VARCHAR(48) NOT NULL, "name" VARCHAR(200) NOT NULL, "logo" VARCHAR(2048) NOT NULL, "metadata" TEXT NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "updated_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"));
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_slug_key" ON "auth_organization" ("slug");
CREATE TABLE IF NOT EXISTS "auth_organization_member" ("organization_id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("organization_id", "user_id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_member_user_id_idx" ON "auth_organization_member" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_organization_invitation" ("id" VARCHAR(36) NOT NULL, "organization_id" VARCHAR(36) NOT NULL, "email" VARCHAR(320) NOT NULL, "role" VARCHAR(64) NOT NULL, "inviter_id" VARCHAR(36), "status" VARCHAR(16) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, "expires_at" TIMESTAMPTZ(6) NOT NULL, "answered_at" TIMESTAMPTZ(6), PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("inviter_id") REFERENCES "auth_user" ("id") ON DELETE SET NULL);
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_organization_id_status_idx" ON "auth_organization_invitation" ("organization_id", "status");
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_email_status_idx" ON "auth_organization_invitation" ("email", "status");
CREATE INDEX IF NOT EXISTS "auth_organization_invitation_inviter_id_idx" ON "auth_organization_invitation" ("inviter_id");
CREATE TABLE IF NOT EXISTS "auth_organization_active" ("session_id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "organization_id" VARCHAR(36) NOT NULL, "set_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("session_id"), FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE, FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_active_user_id_organization_id_idx" ON "auth_organization_active" ("user_id", "organization_id");
CREATE INDEX IF NOT EXISTS "auth_organization_active_organization_id_idx" ON "auth_organization_active" ("organization_id");
CREATE TABLE IF NOT EXISTS "auth_organization_team" ("id" VARCHAR(36) NOT NULL, "organization_id" VARCHAR(36) NOT NULL, "name" VARCHAR(200) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_team_organization_id_name_key" ON "auth_organization_team" ("organization_id", "name");
CREATE TABLE IF NOT EXISTS "auth_organization_team_member" ("team_id" VARCHAR(36) NOT NULL, "organization_id" VARCHAR(36) NOT NULL, "user_id" VARCHAR(36) NOT NULL, "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("team_id", "user_id"), FOREIGN KEY ("team_id") REFERENCES "auth_organization_team" ("id") ON DELETE CASCADE, FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "auth_user" ("id") ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS "auth_organization_team_member_organization_id_user_id_idx" ON "auth_organization_team_member" ("organization_id", "user_id");
CREATE INDEX IF NOT EXISTS "auth_organization_team_member_user_id_idx" ON "auth_organization_team_member" ("user_id");
CREATE TABLE IF NOT EXISTS "auth_organization_domain" ("id" VARCHAR(36) NOT NULL, "organization_id" VARCHAR(36) NOT NULL, "domain" VARCHAR(253) NOT NULL, "policy" VARCHAR(16) NOT NULL, "challenge" VARCHAR(64) NOT NULL, "verified_at" TIMESTAMPTZ(6), "created_at" TIMESTAMPTZ(6) NOT NULL, PRIMARY KEY ("id"), FOREIGN KEY ("organization_id") REFERENCES "auth_organization" ("id") ON DELETE CASCADE);
CREATE UNIQUE INDEX IF NOT EXISTS "auth_organization_domain_organization_id_domain_key" ON "auth_organization_domain" ("organization_id", "domain");
CREATE INDEX IF NOT EXISTS "auth_organization_domain_domain_idx" ON "auth_organization_domain" ("domain");
