CREATE TABLE "risk_group_totals" (
	"organization_id" uuid NOT NULL,
	"department_key" uuid NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	"score_square_sum" double precision DEFAULT 0 NOT NULL,
	"overdue_people" integer DEFAULT 0 NOT NULL,
	"overdue_drop" double precision DEFAULT 0 NOT NULL,
	"factors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_group_totals_organization_id_department_key_pk" PRIMARY KEY("organization_id","department_key")
);
--> statement-breakpoint
ALTER TABLE "risk_person_scores" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_group_totals" ADD CONSTRAINT "risk_group_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_active_department_idx" ON "people" USING btree ("organization_id","department_id") WHERE "people"."is_active";