CREATE TABLE "compliance_framework_choices" (
	"organization_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"module_ids" uuid[] NOT NULL,
	"chosen_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_framework_choices_organization_id_framework_id_pk" PRIMARY KEY("organization_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"retention_years" integer DEFAULT 6 NOT NULL,
	"new_hire_window_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_assignments" ADD COLUMN "module_version" integer;--> statement-breakpoint
ALTER TABLE "compliance_framework_choices" ADD CONSTRAINT "compliance_framework_choices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD CONSTRAINT "compliance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;