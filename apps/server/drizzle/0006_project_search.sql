-- The trigram index of project search (ADR 009); PGlite loads the extension in db/database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "projects_organisation_name_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("projects"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("projects"."name" || E'\x1f' || "projects"."description" || E'\x1f' || "projects"."identifier")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_search_text_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_organisation_name_idx" ON "projects" USING btree ("organisation_id","name_key","id");