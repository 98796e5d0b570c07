ALTER TYPE "public"."person_source" ADD VALUE 'google';--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"last_four" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_person_id" uuid,
	CONSTRAINT "api_keys_secretHash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_known_scopes" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['read', 'write']::text[])
);
--> statement-breakpoint
CREATE TABLE "phish_mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls_mode" text NOT NULL,
	"username" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"auth_method" text NOT NULL,
	"password_sealed" text,
	"microsoft_tenant_id" text,
	"microsoft_client_id" text,
	"microsoft_client_secret_sealed" text,
	"google_client_email" text,
	"google_key_sealed" text,
	"processed_action" text DEFAULT 'move' NOT NULL,
	"processed_folder" text DEFAULT 'Vigil processed' NOT NULL,
	"thank_reporters" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"uid_validity" text,
	"last_uid" integer DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"poll_lease_until" timestamp with time zone,
	"poll_lease_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phish_mailboxes_organizationId_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "reported_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"mailbox_uid_validity" text NOT NULL,
	"mailbox_uid" integer NOT NULL,
	"kind" text NOT NULL,
	"report_message_id" text,
	"reporter_email" text NOT NULL,
	"reporter_verified" boolean DEFAULT false NOT NULL,
	"reporter_person_id" uuid,
	"sender_address" text,
	"sender_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"campaign_recipient_id" uuid,
	"counted_as_report" boolean DEFAULT false NOT NULL,
	"verdict" text,
	"verdict_by_person_id" uuid,
	"verdict_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reported_messages_organizationId_mailboxUidValidity_mailboxUid_unique" UNIQUE("organization_id","mailbox_uid_validity","mailbox_uid")
);
--> statement-breakpoint
CREATE TABLE "google_directory_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"person_id" uuid,
	"google_user_id" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "google_directory_connections" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"service_account_key_sealed" text NOT NULL,
	"client_email" text NOT NULL,
	"client_id" text,
	"private_key_id" text,
	"subject" text NOT NULL,
	"customer" text DEFAULT 'my_customer' NOT NULL,
	"domain" text,
	"org_unit_path" text,
	"schedule" text DEFAULT 'off' NOT NULL,
	"deactivate_missing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_directory_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"dry_run" boolean NOT NULL,
	"trigger" text NOT NULL,
	"requested_by_person_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"users_seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"reactivated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"enrolled_in2_sv" integer DEFAULT 0 NOT NULL,
	"error" text,
	"deactivation_limit" integer,
	"deactivations_held" integer,
	"confirmed_deactivations" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "google_directory_runs_organizationId_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"source_event_id" bigint,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_response_excerpt" text,
	"last_error" text,
	"last_duration_ms" integer,
	"delivered_at" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"event_types" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp with time zone,
	"created_by_person_id" uuid,
	"updated_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD COLUMN "last_error_status" integer;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_person_id_people_id_fk" FOREIGN KEY ("created_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_person_id_people_id_fk" FOREIGN KEY ("revoked_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phish_mailboxes" ADD CONSTRAINT "phish_mailboxes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reported_messages" ADD CONSTRAINT "reported_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_directory_changes" ADD CONSTRAINT "google_directory_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_directory_changes" ADD CONSTRAINT "google_directory_changes_organization_id_run_id_google_directory_runs_organization_id_id_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."google_directory_runs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_directory_connections" ADD CONSTRAINT "google_directory_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_directory_runs" ADD CONSTRAINT "google_directory_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_person_id_people_id_fk" FOREIGN KEY ("created_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_updated_by_person_id_people_id_fk" FOREIGN KEY ("updated_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organization_id_created_at_index" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reported_messages_organization_id_report_message_id_reported_at_index" ON "reported_messages" USING btree ("organization_id","report_message_id","reported_at") WHERE "reported_messages"."report_message_id" is not null;--> statement-breakpoint
CREATE INDEX "reported_messages_organization_id_reported_at_id_index" ON "reported_messages" USING btree ("organization_id","reported_at","id");--> statement-breakpoint
CREATE INDEX "reported_messages_organization_id_verdict_index" ON "reported_messages" USING btree ("organization_id","verdict") WHERE "reported_messages"."verdict" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "google_directory_changes_run_id_seq_index" ON "google_directory_changes" USING btree ("run_id","seq");--> statement-breakpoint
CREATE INDEX "google_directory_runs_organization_id_created_at_id_index" ON "google_directory_runs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_directory_runs_one_active_idx" ON "google_directory_runs" USING btree ("organization_id") WHERE "google_directory_runs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_leased_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."lease_token" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_last_attempt_idx" ON "webhook_deliveries" USING btree ("endpoint_id","last_attempt_at") WHERE "webhook_deliveries"."last_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id","source_event_id") WHERE "webhook_deliveries"."source_event_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organization_id_created_at_index" ON "webhook_endpoints" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "events_organization_feed_idx" ON "events" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "events_provisioning_idx" ON "events" USING btree ("organization_id","occurred_at") WHERE "events"."type" in ('person_provisioned', 'person_updated', 'person_deprovisioned', 'person_reactivated');--> statement-breakpoint
-- The webhooks consumer starts at the end of the existing log: an endpoint only gets events from its creation on, so the history would be read for nothing.
INSERT INTO "event_cursors" ("consumer", "last_event_id") SELECT 'webhooks.deliveries', coalesce(max("id"), 0) FROM "events" ON CONFLICT DO NOTHING;
