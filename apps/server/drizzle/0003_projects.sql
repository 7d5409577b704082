CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"identifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_identifier_key" ON "projects" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "projects_organisation_name_idx" ON "projects" USING btree ("organisation_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_organisation_created_idx" ON "projects" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_organisation_updated_idx" ON "projects" USING btree ("organisation_id","updated_at","id");