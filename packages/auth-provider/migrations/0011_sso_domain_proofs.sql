CREATE TABLE "auth"."sso_domain_proofs" (
	"domain" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"proved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."sso_domain_proofs" ADD CONSTRAINT "sso_domain_proofs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "auth"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domain_proofs_tenant_id_index" ON "auth"."sso_domain_proofs" USING btree ("tenant_id");