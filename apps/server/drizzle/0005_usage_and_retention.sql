ALTER TABLE "organisations" ADD COLUMN "monthly_event_quota" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "event_retention_days" integer;