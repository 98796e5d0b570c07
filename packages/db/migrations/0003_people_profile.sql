ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "preferred_language" text;