-- Experiments (issue 16, ADR 029): experiments per project (key unique per project) and layers. Delivery
-- keeps each project's running experiments in the state cache (ADR 019), so starting and stopping one
-- (its status) and its layer range bump the cache version; a draft's edits change nothing players get.
CREATE TABLE "experiment_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"definition" jsonb NOT NULL,
	"status" text NOT NULL,
	"salt" text NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"updated_by_email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"shipped_variant" text,
	"layer_id" uuid,
	"layer_from" integer,
	"layer_to" integer,
	CONSTRAINT "experiments_status_check" CHECK ("experiments"."status" in ('draft', 'running', 'stopped')),
	CONSTRAINT "experiments_layer_range_check" CHECK (("experiments"."layer_id" is null and "experiments"."layer_from" is null and "experiments"."layer_to" is null) or ("experiments"."layer_id" is not null and 0 <= "experiments"."layer_from" and "experiments"."layer_from" < "experiments"."layer_to" and "experiments"."layer_to" <= 10000))
);
--> statement-breakpoint
ALTER TABLE "experiment_layers" ADD CONSTRAINT "experiment_layers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_layer_id_experiment_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."experiment_layers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_layers_project_name_key" ON "experiment_layers" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_project_key_key" ON "experiments" USING btree ("project_id","key");--> statement-breakpoint
CREATE INDEX "experiments_project_status_idx" ON "experiments" USING btree ("project_id","status");--> statement-breakpoint
CREATE TRIGGER "experiments_cache_version" AFTER UPDATE OF "status", "layer_from", "layer_to" ON "experiments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"();
