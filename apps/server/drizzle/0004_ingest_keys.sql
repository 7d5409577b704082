CREATE TABLE "ingest_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "ingest_keys_kind_check" CHECK ("ingest_keys"."kind" in ('standard', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_keys_key_key" ON "ingest_keys" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ingest_keys_project_idx" ON "ingest_keys" USING btree ("project_id","created_at");--> statement-breakpoint
-- Every project gets its key with its creation; projects made before this migration get theirs here.
INSERT INTO "ingest_keys" ("project_id", "name", "key", "kind", "created_at")
SELECT "id", 'Default', 'qbk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'standard', now()
FROM "projects";
