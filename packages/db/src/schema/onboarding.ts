import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.ts';
import { tenantOwnerColumn } from './tenant-owner.ts';

export const identityProviderEnum = pgEnum('identity_provider', ['entra-id', 'google-workspace', 'okta']);

// Actors are people of any organisation (a managed-service operator's person lives in their home
// organisation), so these point at people.id alone and outlive a deleted person as null.
const actorColumn = () => uuid().references(() => people.id, { onDelete: 'set null' });

export const identityProviderProtocolEnum = pgEnum('identity_provider_protocol', ['saml', 'oidc']);

/**
 * The organisation's identity provider, as the admin entered it during onboarding: SAML (sign-in
 * URL, entity id, certificate) or OpenID Connect (issuer and client id; the client secret is kept,
 * encrypted, by the authentication provider alone). One per organisation: choosing another provider
 * or protocol replaces the settings.
 */
export const identityProviderConnections = pgTable(
  'identity_provider_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn().unique(),
    provider: identityProviderEnum().notNull(),
    protocol: identityProviderProtocolEnum().notNull().default('saml'),
    idpEntityId: text(),
    idpSsoUrl: text(),
    idpMetadataUrl: text(),
    idpCertificate: text(),
    certificateSubject: text(),
    certificateFingerprintSha256: text(),
    certificateExpiresAt: timestamp({ withTimezone: true }),
    oidcIssuer: text(),
    oidcClientId: text(),
    updatedByPersonId: actorColumn(),
    /** Set when an admin confirms the post-setup checks; saving new settings clears it. */
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedByPersonId: actorColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'identity_provider_connections_protocol_settings',
      sql`(${t.protocol} = 'saml' and ${t.idpEntityId} is not null and ${t.idpSsoUrl} is not null and ${t.idpCertificate} is not null and ${t.certificateSubject} is not null and ${t.certificateFingerprintSha256} is not null and ${t.certificateExpiresAt} is not null)
        or (${t.protocol} = 'oidc' and ${t.oidcIssuer} is not null and ${t.oidcClientId} is not null)`,
    ),
  ],
);

export type IdentityProviderConnection = typeof identityProviderConnections.$inferSelect;
export type NewIdentityProviderConnection = typeof identityProviderConnections.$inferInsert;

/**
 * Bearer tokens the identity provider presents to the SCIM endpoint. Only a SHA-256 hash is kept:
 * the token itself is shown once. At most one token per organisation is active (not revoked).
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    tokenHash: text().notNull().unique(),
    lastFour: text().notNull(),
    createdByPersonId: actorColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedByPersonId: actorColumn(),
    /** When a SCIM request last came with this token (written at most once a minute). */
    lastUsedAt: timestamp({ withTimezone: true }),
    /** A token replaced by a new one keeps working until then, so the identity provider can be given the new one without a gap; a revoked one stops at once. */
    graceUntil: timestamp({ withTimezone: true }),
    /** The last request with this token that Vigil refused (a 4xx or 5xx), so admins see why provisioning stalls. */
    lastErrorAt: timestamp({ withTimezone: true }),
    lastErrorStatus: integer(),
    /** Method, path and the SCIM error's detail, bounded; no token and no body. */
    lastError: text(),
  },
  (t) => [
    index().on(t.organizationId, t.createdAt),
    uniqueIndex('scim_tokens_one_active_per_organization_idx').on(t.organizationId).where(sql`${t.revokedAt} is null`),
  ],
);

export type ScimToken = typeof scimTokens.$inferSelect;

export const integrationKindEnum = pgEnum('integration_kind', ['dmi', 'watchtower']);

/**
 * What an admin entered to set up direct mail injection or Watchtower for one provider, and when
 * they confirmed granting the permissions. `settings` holds no secret: credentials are asked for
 * (and stored encrypted) when the integration itself is connected.
 */
export const integrationSetups = pgTable(
  'integration_setups',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: tenantOwnerColumn(),
    kind: integrationKindEnum().notNull(),
    provider: text().notNull(),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    permissionsConfirmedAt: timestamp({ withTimezone: true }).notNull(),
    confirmedByPersonId: actorColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.organizationId, t.kind, t.provider),
    check(
      'integration_setups_provider_of_kind',
      sql`(${t.kind} = 'dmi' and ${t.provider} in ('exchange', 'google-workspace')) or (${t.kind} = 'watchtower' and ${t.provider} in ('google', 'microsoft'))`,
    ),
  ],
);

export type IntegrationSetup = typeof integrationSetups.$inferSelect;

/** The baseline phishing test the admin launched at the end of onboarding: when and over how long. */
export const initialTestingLaunches = pgTable(
  'initial_testing_launches',
  {
    organizationId: tenantOwnerColumn().primaryKey(),
    startsOn: date({ mode: 'string' }).notNull(),
    durationDays: integer().notNull(),
    launchedByPersonId: actorColumn(),
    launchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('initial_testing_launches_duration', sql`${t.durationDays} between 1 and 90`)],
);

export type InitialTestingLaunch = typeof initialTestingLaunches.$inferSelect;
