CREATE TABLE "auth"."access_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"tenant_roles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"role_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."verifications" ADD COLUMN "target_value" text;--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_secret_hash_idx" ON "auth"."access_keys" USING btree ("secret_hash");