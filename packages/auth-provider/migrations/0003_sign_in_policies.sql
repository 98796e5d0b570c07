CREATE TABLE "auth"."sign_in_policies" (
	"user_id" text PRIMARY KEY NOT NULL,
	"require_mfa" boolean DEFAULT false NOT NULL,
	"session_max_seconds" integer,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."verifications" ADD COLUMN "step_up_family_id" text;--> statement-breakpoint
ALTER TABLE "auth"."sign_in_policies" ADD CONSTRAINT "sign_in_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;