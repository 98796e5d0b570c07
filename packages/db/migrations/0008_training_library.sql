CREATE TYPE "public"."training_assignment_reason" AS ENUM('assigned', 'remedial');--> statement-breakpoint
CREATE TYPE "public"."training_assignment_status" AS ENUM('assigned', 'in_progress', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."training_module_source" AS ENUM('built-in', 'own');--> statement-breakpoint
CREATE TABLE "training_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"reason" "training_assignment_reason" DEFAULT 'assigned' NOT NULL,
	"status" "training_assignment_status" DEFAULT 'assigned' NOT NULL,
	"assigned_by_person_id" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"language" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"certificate_id" text,
	"source_event_id" bigint,
	"source_campaign_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_assignments_certificateId_unique" UNIQUE("certificate_id")
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"builtin_slug" text,
	"source" "training_module_source" NOT NULL,
	"topic" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"minutes" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"remediates" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] NOT NULL,
	"texts" jsonb NOT NULL,
	"duration_seconds" real DEFAULT 0 NOT NULL,
	"slide_timings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "training_modules_builtinSlug_unique" UNIQUE("builtin_slug")
);
--> statement-breakpoint
CREATE TABLE "training_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_assignments" ADD CONSTRAINT "training_assignments_organization_id_person_id_people_organization_id_id_fk" FOREIGN KEY ("organization_id","person_id") REFERENCES "public"."people"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_settings" ADD CONSTRAINT "training_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_assignments_organization_id_person_id_status_index" ON "training_assignments" USING btree ("organization_id","person_id","status");--> statement-breakpoint
CREATE INDEX "training_assignments_org_assigned_idx" ON "training_assignments" USING btree ("organization_id","assigned_at","id");--> statement-breakpoint
CREATE INDEX "training_assignments_org_module_idx" ON "training_assignments" USING btree ("organization_id","module_id","assigned_at","id");--> statement-breakpoint
CREATE INDEX "training_assignments_open_due_idx" ON "training_assignments" USING btree ("status","due_at") WHERE "training_assignments"."status" in ('assigned', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "training_assignments_one_open_idx" ON "training_assignments" USING btree ("person_id","module_id") WHERE "training_assignments"."status" in ('assigned', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "training_assignments_one_open_remedial_idx" ON "training_assignments" USING btree ("person_id") WHERE "training_assignments"."reason" = 'remedial' and "training_assignments"."status" in ('assigned', 'in_progress');--> statement-breakpoint
CREATE INDEX "training_modules_organization_id_topic_index" ON "training_modules" USING btree ("organization_id","topic");