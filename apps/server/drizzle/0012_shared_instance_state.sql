CREATE TABLE "demo_loads" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"load_id" uuid NOT NULL,
	"state" text NOT NULL,
	"players" integer NOT NULL,
	"sent_events" integer NOT NULL,
	"error" text,
	"stop_requested" timestamp with time zone,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_usage" (
	"organisation_id" uuid NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"used" bigint NOT NULL,
	CONSTRAINT "quota_usage_organisation_id_month_start_pk" PRIMARY KEY("organisation_id","month_start")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"limiter" text NOT NULL,
	"key_hash" text NOT NULL,
	"started_at" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_limiter_key_hash_pk" PRIMARY KEY("limiter","key_hash")
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"local_token_hash" text
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_loads" ADD CONSTRAINT "demo_loads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_usage" ADD CONSTRAINT "quota_usage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_windows_started_at_idx" ON "rate_limit_windows" USING btree ("limiter","started_at");