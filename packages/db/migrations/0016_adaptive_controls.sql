CREATE TABLE "adaptive_control_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"applied" jsonb NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_reason" text,
	"lifted_by_person_id" uuid
);
--> statement-breakpoint
CREATE TABLE "adaptive_control_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adaptive_control_firings" ADD CONSTRAINT "adaptive_control_firings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_control_firings" ADD CONSTRAINT "adaptive_control_firings_rule_id_adaptive_control_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."adaptive_control_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_control_rules" ADD CONSTRAINT "adaptive_control_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adaptive_control_firings_open_idx" ON "adaptive_control_firings" USING btree ("rule_id","person_id") WHERE "adaptive_control_firings"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "adaptive_control_firings_organization_id_fired_at_id_index" ON "adaptive_control_firings" USING btree ("organization_id","fired_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "adaptive_control_firings_organization_id_person_id_index" ON "adaptive_control_firings" USING btree ("organization_id","person_id");--> statement-breakpoint
CREATE INDEX "adaptive_control_rules_organization_id_index" ON "adaptive_control_rules" USING btree ("organization_id");