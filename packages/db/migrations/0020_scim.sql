CREATE TYPE "public"."person_source" AS ENUM('manual', 'csv', 'scim', 'sso', 'demo');--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "source" "person_source" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "scim_user_name" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "people_organization_external_id_idx" ON "people" USING btree ("organization_id","external_id") WHERE "people"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "people_organization_scim_user_name_idx" ON "people" USING btree ("organization_id",lower("scim_user_name"));