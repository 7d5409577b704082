-- Live operations (issue 15, ADR 021): a draft per project and immutable published versions. Delivery
-- keeps each project's newest version in the state cache (ADR 019), so a publish or a rollback bumps the
-- cache version like the other cached tables. Drafts are not delivered: their edits bump nothing.
CREATE TABLE "live_drafts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "live_versions" (
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"note" text NOT NULL,
	"action" text NOT NULL,
	"rolled_back_to" integer,
	"published_by" uuid,
	"published_by_email" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_versions_project_id_version_pk" PRIMARY KEY("project_id","version"),
	CONSTRAINT "live_versions_version_check" CHECK ("live_versions"."version" > 0),
	CONSTRAINT "live_versions_action_check" CHECK ("live_versions"."action" in ('publish', 'rollback'))
);
--> statement-breakpoint
ALTER TABLE "live_drafts" ADD CONSTRAINT "live_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_drafts" ADD CONSTRAINT "live_drafts_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_versions" ADD CONSTRAINT "live_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_versions" ADD CONSTRAINT "live_versions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "live_versions_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "live_versions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
