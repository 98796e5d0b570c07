CREATE TABLE "risk_daily_snapshots" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"score" real NOT NULL,
	"lower" real NOT NULL,
	"upper" real NOT NULL,
	"people" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_daily_snapshots_organization_id_subject_kind_subject_id_day_pk" PRIMARY KEY("organization_id","subject_kind","subject_id","day")
);
--> statement-breakpoint
ALTER TABLE "risk_daily_snapshots" ADD CONSTRAINT "risk_daily_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;