CREATE TABLE "risk_person_scores" (
	"organization_id" uuid NOT NULL,
	"person_id" uuid PRIMARY KEY NOT NULL,
	"score" real NOT NULL,
	"breakdown" jsonb NOT NULL,
	"last_event_id" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_person_scores" ADD CONSTRAINT "risk_person_scores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_person_scores" ADD CONSTRAINT "risk_person_scores_organization_id_person_id_people_organization_id_id_fk" FOREIGN KEY ("organization_id","person_id") REFERENCES "public"."people"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_person_scores_organization_id_score_person_id_index" ON "risk_person_scores" USING btree ("organization_id","score" DESC NULLS LAST,"person_id");