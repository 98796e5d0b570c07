CREATE TYPE "public"."identity_provider" AS ENUM('entra-id', 'google-workspace', 'okta');--> statement-breakpoint
CREATE TYPE "public"."integration_kind" AS ENUM('dmi', 'watchtower');--> statement-breakpoint
CREATE TABLE "identity_provider_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" "identity_provider" NOT NULL,
	"idp_entity_id" text NOT NULL,
	"idp_sso_url" text NOT NULL,
	"idp_metadata_url" text,
	"idp_certificate" text NOT NULL,
	"certificate_subject" text NOT NULL,
	"certificate_fingerprint_sha256" text NOT NULL,
	"certificate_expires_at" timestamp with time zone NOT NULL,
	"updated_by_person_id" uuid,
	"verified_at" timestamp with time zone,
	"verified_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_connections_organizationId_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "initial_testing_launches" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"duration_days" integer NOT NULL,
	"launched_by_person_id" uuid,
	"launched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "initial_testing_launches_duration" CHECK ("initial_testing_launches"."duration_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "integration_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" "integration_kind" NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb NOT NULL,
	"permissions_confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_setups_organizationId_kind_provider_unique" UNIQUE("organization_id","kind","provider"),
	CONSTRAINT "integration_setups_provider_of_kind" CHECK (("integration_setups"."kind" = 'dmi' and "integration_setups"."provider" in ('exchange', 'google-workspace')) or ("integration_setups"."kind" = 'watchtower' and "integration_setups"."provider" in ('google', 'microsoft')))
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_person_id" uuid,
	CONSTRAINT "scim_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD CONSTRAINT "identity_provider_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD CONSTRAINT "identity_provider_connections_updated_by_person_id_people_id_fk" FOREIGN KEY ("updated_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD CONSTRAINT "identity_provider_connections_verified_by_person_id_people_id_fk" FOREIGN KEY ("verified_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_testing_launches" ADD CONSTRAINT "initial_testing_launches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_testing_launches" ADD CONSTRAINT "initial_testing_launches_launched_by_person_id_people_id_fk" FOREIGN KEY ("launched_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_setups" ADD CONSTRAINT "integration_setups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_setups" ADD CONSTRAINT "integration_setups_confirmed_by_person_id_people_id_fk" FOREIGN KEY ("confirmed_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_person_id_people_id_fk" FOREIGN KEY ("created_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_revoked_by_person_id_people_id_fk" FOREIGN KEY ("revoked_by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_tokens_organization_id_created_at_index" ON "scim_tokens" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_one_active_per_organization_idx" ON "scim_tokens" USING btree ("organization_id") WHERE "scim_tokens"."revoked_at" is null;