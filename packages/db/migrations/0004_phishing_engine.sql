CREATE TYPE "public"."campaign_kind" AS ENUM('standard', 'adaptive', 'initial-testing');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."content_source" AS ENUM('builtin', 'custom', 'imported', 'generated');--> statement-breakpoint
CREATE TYPE "public"."content_status" AS ENUM('active', 'draft');--> statement-breakpoint
CREATE TYPE "public"."programme_cadence" AS ENUM('weekly', 'monthly', 'quarterly');--> statement-breakpoint
CREATE TYPE "public"."recipient_state" AS ENUM('scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."smtp_security" AS ENUM('none', 'starttls', 'tls');--> statement-breakpoint
CREATE TYPE "public"."test_request_status" AS ENUM('submitted', 'drafted');--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"department_id" uuid,
	"template_id" uuid NOT NULL,
	"language" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"state" "recipient_state" DEFAULT 'scheduled' NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"token_hash" text NOT NULL,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"attachment_opened_at" timestamp with time zone,
	"qr_scanned_at" timestamp with time zone,
	"called_at" timestamp with time zone,
	"machine_clicked_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "campaign_recipients_campaignId_personId_unique" UNIQUE("campaign_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_stats" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"uncertain" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"attachment_opened" integer DEFAULT 0 NOT NULL,
	"qr_scanned" integer DEFAULT 0 NOT NULL,
	"called" integer DEFAULT 0 NOT NULL,
	"machine_clicks" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "campaign_kind" DEFAULT 'standard' NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"sending_profile_id" uuid NOT NULL,
	"landing_page_id" uuid,
	"template_ids" uuid[] NOT NULL,
	"audience" jsonb NOT NULL,
	"start_at" timestamp with time zone,
	"spread_minutes" integer DEFAULT 0 NOT NULL,
	"business_hours_only" boolean DEFAULT false NOT NULL,
	"created_by_person_id" uuid,
	"launched_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_organizationId_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"builtin_slug" text,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"texts" jsonb NOT NULL,
	"source" "content_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "landing_pages_builtinSlug_unique" UNIQUE("builtin_slug")
);
--> statement-breakpoint
CREATE TABLE "person_skill_ratings" (
	"organization_id" uuid NOT NULL,
	"person_id" uuid PRIMARY KEY NOT NULL,
	"rating" real NOT NULL,
	"outcomes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"department_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cadence" "programme_cadence" NOT NULL,
	"adaptive" boolean DEFAULT true NOT NULL,
	"template_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sending_profile_id" uuid NOT NULL,
	"business_hours_only" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phishing_programmes_organizationId_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "phishing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"filter_header_secret_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"builtin_slug" text,
	"version" integer DEFAULT 1 NOT NULL,
	"category" text NOT NULL,
	"vector" text NOT NULL,
	"landing_page_id" uuid,
	"from_address" text,
	"phish_scale" jsonb NOT NULL,
	"difficulty" smallint NOT NULL,
	"texts" jsonb NOT NULL,
	"status" "content_status" DEFAULT 'active' NOT NULL,
	"source" "content_source" NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "phishing_templates_builtinSlug_unique" UNIQUE("builtin_slug")
);
--> statement-breakpoint
CREATE TABLE "sending_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" "smtp_security" NOT NULL,
	"username" text,
	"password_sealed" text,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"reply_to" text,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "sending_profiles_organizationId_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "test_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by_person_id" uuid,
	"scenario" text NOT NULL,
	"audience_note" text DEFAULT '' NOT NULL,
	"status" "test_request_status" DEFAULT 'submitted' NOT NULL,
	"campaign_id" uuid,
	"template_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"person_id" uuid,
	"campaign_id" uuid,
	"recipient_id" uuid,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_template_id_phishing_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."phishing_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_organization_id_person_id_people_organization_id_id_fk" FOREIGN KEY ("organization_id","person_id") REFERENCES "public"."people"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_organization_id_department_id_departments_organization_id_id_fk" FOREIGN KEY ("organization_id","department_id") REFERENCES "public"."departments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_sending_profile_id_sending_profiles_organization_id_id_fk" FOREIGN KEY ("organization_id","sending_profile_id") REFERENCES "public"."sending_profiles"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_skill_ratings" ADD CONSTRAINT "person_skill_ratings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_skill_ratings" ADD CONSTRAINT "person_skill_ratings_organization_id_person_id_people_organization_id_id_fk" FOREIGN KEY ("organization_id","person_id") REFERENCES "public"."people"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_programmes" ADD CONSTRAINT "phishing_programmes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_programmes" ADD CONSTRAINT "phishing_programmes_organization_id_sending_profile_id_sending_profiles_organization_id_id_fk" FOREIGN KEY ("organization_id","sending_profile_id") REFERENCES "public"."sending_profiles"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_templates" ADD CONSTRAINT "phishing_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_templates" ADD CONSTRAINT "phishing_templates_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_profiles" ADD CONSTRAINT "sending_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_requests" ADD CONSTRAINT "test_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_progress" ADD CONSTRAINT "job_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("state","send_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_state_idx" ON "campaign_recipients" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_recipients_organization_id_campaign_id_id_index" ON "campaign_recipients" USING btree ("organization_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_organization_id_person_id_index" ON "campaign_recipients" USING btree ("organization_id","person_id");--> statement-breakpoint
CREATE INDEX "campaigns_organization_id_created_at_index" ON "campaigns" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "landing_pages_organization_id_index" ON "landing_pages" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "phishing_programmes_due_idx" ON "phishing_programmes" USING btree ("active","next_run_at");--> statement-breakpoint
CREATE INDEX "phishing_templates_organization_id_category_index" ON "phishing_templates" USING btree ("organization_id","category");--> statement-breakpoint
CREATE INDEX "phishing_templates_difficulty_index" ON "phishing_templates" USING btree ("difficulty");--> statement-breakpoint
CREATE INDEX "sending_profiles_organization_id_name_index" ON "sending_profiles" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "test_requests_organization_id_created_at_index" ON "test_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "events_organization_id_occurred_at_index" ON "events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_person_id_occurred_at_index" ON "events" USING btree ("person_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_campaign_id_type_index" ON "events" USING btree ("campaign_id","type") WHERE "events"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "job_progress_organization_id_kind_subject_id_index" ON "job_progress" USING btree ("organization_id","kind","subject_id");