CREATE TYPE "public"."identity_provider_protocol" AS ENUM('saml', 'oidc');--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "idp_entity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "idp_sso_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "idp_certificate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "certificate_subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "certificate_fingerprint_sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ALTER COLUMN "certificate_expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD COLUMN "protocol" "identity_provider_protocol" DEFAULT 'saml' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD COLUMN "oidc_client_id" text;--> statement-breakpoint
ALTER TABLE "identity_provider_connections" ADD CONSTRAINT "identity_provider_connections_protocol_settings" CHECK (("identity_provider_connections"."protocol" = 'saml' and "identity_provider_connections"."idp_entity_id" is not null and "identity_provider_connections"."idp_sso_url" is not null and "identity_provider_connections"."idp_certificate" is not null and "identity_provider_connections"."certificate_subject" is not null and "identity_provider_connections"."certificate_fingerprint_sha256" is not null and "identity_provider_connections"."certificate_expires_at" is not null)
        or ("identity_provider_connections"."protocol" = 'oidc' and "identity_provider_connections"."oidc_issuer" is not null and "identity_provider_connections"."oidc_client_id" is not null));