CREATE TYPE "public"."scorm_version" AS ENUM('1.2', '2004');--> statement-breakpoint
CREATE TYPE "public"."training_module_kind" AS ENUM('video', 'scorm');--> statement-breakpoint
CREATE TABLE "training_file_chunks" (
	"file_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "training_file_chunks_file_id_index_pk" PRIMARY KEY("file_id","index")
);
--> statement-breakpoint
CREATE TABLE "training_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_assignments" ADD COLUMN "scorm_state" jsonb;--> statement-breakpoint
ALTER TABLE "training_modules" ADD COLUMN "kind" "training_module_kind" DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_modules" ADD COLUMN "scorm_version" "scorm_version";--> statement-breakpoint
ALTER TABLE "training_modules" ADD COLUMN "launch_path" text;--> statement-breakpoint
ALTER TABLE "training_file_chunks" ADD CONSTRAINT "training_file_chunks_file_id_training_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."training_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_files" ADD CONSTRAINT "training_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_files" ADD CONSTRAINT "training_files_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_files_module_id_path_index" ON "training_files" USING btree ("module_id","path");