CREATE TABLE "auth"."saml_assertions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."sso_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"user_id" text,
	"test_result" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."sso_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"protocol" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"saml_idp_entity_id" text,
	"saml_idp_sso_url" text,
	"saml_idp_certificates" text[] DEFAULT '{}'::text[] NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret_encrypted" text,
	"jit_provisioning" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."sso_identities" (
	"connection_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "sso_identities_connection_id_subject_pk" PRIMARY KEY("connection_id","subject")
);
--> statement-breakpoint
CREATE TABLE "auth"."sso_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"redirect_url" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"test" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."tenant_sign_in_policies" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"require_mfa" boolean DEFAULT false NOT NULL,
	"allowed_methods" text[] DEFAULT '{password,email,passkey}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."sso_codes" ADD CONSTRAINT "sso_codes_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "auth"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sso_codes" ADD CONSTRAINT "sso_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sso_connections" ADD CONSTRAINT "sso_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "auth"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sso_identities" ADD CONSTRAINT "sso_identities_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "auth"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sso_requests" ADD CONSTRAINT "sso_requests_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "auth"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."tenant_sign_in_policies" ADD CONSTRAINT "tenant_sign_in_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "auth"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_connections_tenant_id_index" ON "auth"."sso_connections" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sso_identities_user_id_index" ON "auth"."sso_identities" USING btree ("user_id");