CREATE TYPE "public"."training_cadence" AS ENUM('on_hire', 'annual', 'quarterly');--> statement-breakpoint
CREATE TYPE "public"."training_module_request_status" AS ENUM('requested', 'in_review', 'done', 'declined');--> statement-breakpoint
ALTER TYPE "public"."training_assignment_reason" ADD VALUE 'cadence';--> statement-breakpoint
CREATE TABLE "training_cadence_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"audience" jsonb NOT NULL,
	"cadence" "training_cadence" NOT NULL,
	"due_in_days" integer NOT NULL,
	"new_hire_window_days" integer DEFAULT 30 NOT NULL,
	"anchor_date" date NOT NULL,
	"framework_id" text,
	"paused_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by_person_id" uuid,
	"last_run" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_module_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_person_id" uuid,
	"topic" text NOT NULL,
	"objectives" text NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"languages" text[] NOT NULL,
	"minutes" integer NOT NULL,
	"wanted_by" date,
	"notes" text DEFAULT '' NOT NULL,
	"status" "training_module_request_status" DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_assignments" ADD COLUMN "cadence_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD COLUMN "cadence_period" text;--> statement-breakpoint
ALTER TABLE "training_cadence_rules" ADD CONSTRAINT "training_cadence_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_cadence_rules" ADD CONSTRAINT "training_cadence_rules_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_module_requests" ADD CONSTRAINT "training_module_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_cadence_rules_organization_id_created_at_index" ON "training_cadence_rules" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "training_cadence_rules_live_idx" ON "training_cadence_rules" USING btree ("deleted_at","paused_at");--> statement-breakpoint
CREATE INDEX "training_module_requests_organization_id_created_at_id_index" ON "training_module_requests" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_assignments_cadence_period_idx" ON "training_assignments" USING btree ("cadence_rule_id","person_id","cadence_period") WHERE "training_assignments"."cadence_rule_id" is not null;