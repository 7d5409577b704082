-- The version of everything the in-process caches hold (ADR 019): users, accounts, organisations,
-- memberships, projects, ingestion keys and revoked sessions. A statement that changes any of them
-- bumps it in its own transaction (so the new number is visible exactly when the change is) and
-- notifies `questboard_cache` on commit.
CREATE TABLE "cache_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_version_one_row" CHECK ("cache_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "cache_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "cache_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('questboard_cache', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "identity_users_cache_version" AFTER INSERT OR DELETE OR UPDATE OF "email", "email_verified", "display_name", "photo_url", "disabled" ON "identity_users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "accounts_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "organisations_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "organisations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "memberships_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "projects_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "ingest_keys_cache_version" AFTER INSERT OR DELETE OR UPDATE OF "key", "project_id", "kind", "revoked_at" ON "ingest_keys" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_cache_version" AFTER DELETE OR UPDATE OF "revoked_at" ON "refresh_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
