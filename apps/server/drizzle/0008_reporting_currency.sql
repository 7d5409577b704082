CREATE TABLE "exchange_rates" (
	"project_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rates_project_id_currency_pk" PRIMARY KEY("project_id","currency"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0 and "exchange_rates"."rate" < 'Infinity'::float8),
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "reporting_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;