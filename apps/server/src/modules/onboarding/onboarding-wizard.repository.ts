import { and, count, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type ProvisioningEventType, provisioningEventTypes } from '@vigil/contracts';
import {
  type Db,
  type NewIdentityProviderConnection,
  type Tx,
  events,
  identityProviderConnections,
  initialTestingLaunches,
  integrationSetups,
  scimTokens,
} from '@vigil/db';
import type { Tenant } from '../../lib/tenant.ts';

export type IntegrationKind = 'dmi' | 'watchtower';

/** Onboarding inputs of the caller's current organisation: identity provider, SCIM tokens, integrations, launch. */
export const onboardingWizardRepository = (db: Db | Tx, tenant: Tenant) => {
  const organizationId = tenant.organizationId;
  const activeTokenOfOrg = and(eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt));
  return {
    findConnection: async () =>
      (await db.select().from(identityProviderConnections).where(eq(identityProviderConnections.organizationId, organizationId)).limit(1))[0],

    /** One identity provider per organisation: new settings replace the old and must be verified again. */
    saveConnection: async (values: Omit<NewIdentityProviderConnection, 'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'verifiedAt' | 'verifiedByPersonId'>) => {
      const now = new Date();
      const changes = { ...values, verifiedAt: null, verifiedByPersonId: null, updatedAt: now };
      return (
        await db
          .insert(identityProviderConnections)
          .values({ ...changes, organizationId })
          .onConflictDoUpdate({ target: identityProviderConnections.organizationId, set: changes })
          .returning()
      )[0]!;
    },

    markConnectionVerified: async (personId: string) =>
      (
        await db
          .update(identityProviderConnections)
          .set({ verifiedAt: new Date(), verifiedByPersonId: personId })
          .where(eq(identityProviderConnections.organizationId, organizationId))
          .returning()
      )[0],

    findActiveScimToken: async () => (await db.select().from(scimTokens).where(activeTokenOfOrg).limit(1))[0],

    /**
     * Retires the active token when a new one replaces it: it still works until `graceUntil`, so the
     * identity provider can be given the new one without a gap. Only the token just replaced keeps
     * a grace: any earlier one stops now.
     */
    revokeActiveScimTokens: async (personId: string, graceUntil: Date) => {
      await db.update(scimTokens).set({ graceUntil: null }).where(and(eq(scimTokens.organizationId, organizationId), isNotNull(scimTokens.graceUntil)));
      return db.update(scimTokens).set({ revokedAt: new Date(), revokedByPersonId: personId, graceUntil }).where(activeTokenOfOrg).returning({ id: scimTokens.id, lastFour: scimTokens.lastFour });
    },

    /** The token a new one replaced, while it still works. */
    findRetiredScimToken: async () =>
      (await db.select().from(scimTokens).where(and(eq(scimTokens.organizationId, organizationId), gt(scimTokens.graceUntil, sql`now()`))).limit(1))[0],

    /** People SCIM created, changed, deactivated and reactivated in the last 30 days, from the event log. */
    countScimChanges: async () => {
      const rows = await db
        .select({ type: events.type, n: count() })
        .from(events)
        .where(
          and(
            eq(events.organizationId, organizationId),
            gt(events.occurredAt, sql`now() - interval '30 days'`),
            // Literal, as events_provisioning_idx names them: the planner then reads that index alone.
            sql`${events.type} in (${sql.raw(provisioningEventTypes.map((type) => `'${type}'`).join(', '))})`,
            sql`${events.data}->>'source' = 'scim'`,
          ),
        )
        .groupBy(events.type);
      return Object.fromEntries(rows.map((row) => [row.type, row.n])) as Partial<Record<ProvisioningEventType, number>>;
    },

    insertScimToken: async (values: { tokenHash: string; lastFour: string; createdByPersonId: string }) =>
      (await db.insert(scimTokens).values({ ...values, organizationId }).returning())[0]!,

    /** Revokes one active token of this organisation; undefined when there is none with that id. */
    /** Stops a token at once: the active one, or a replaced one still in its grace. */
    revokeScimToken: async (id: string, personId: string) =>
      (
        await db
          .update(scimTokens)
          .set({ revokedAt: sql`coalesce(${scimTokens.revokedAt}, now())`, revokedByPersonId: personId, graceUntil: null })
          .where(and(eq(scimTokens.organizationId, organizationId), eq(scimTokens.id, id), or(isNull(scimTokens.revokedAt), gt(scimTokens.graceUntil, sql`now()`))))
          .returning({ id: scimTokens.id, lastFour: scimTokens.lastFour })
      )[0],

    listIntegrationSetups: async () => db.select().from(integrationSetups).where(eq(integrationSetups.organizationId, organizationId)),

    saveIntegrationSetup: async (kind: IntegrationKind, provider: string, settings: Record<string, unknown>, personId: string) => {
      const now = new Date();
      const changes = { settings, permissionsConfirmedAt: now, confirmedByPersonId: personId, updatedAt: now };
      return (
        await db
          .insert(integrationSetups)
          .values({ ...changes, organizationId, kind, provider })
          .onConflictDoUpdate({ target: [integrationSetups.organizationId, integrationSetups.kind, integrationSetups.provider], set: changes })
          .returning()
      )[0]!;
    },

    findInitialTestingLaunch: async () =>
      (await db.select().from(initialTestingLaunches).where(eq(initialTestingLaunches.organizationId, organizationId)).limit(1))[0],

    saveInitialTestingLaunch: async (values: { startsOn: string; durationDays: number; launchedByPersonId: string }) => {
      const changes = { ...values, launchedAt: new Date() };
      return (
        await db
          .insert(initialTestingLaunches)
          .values({ ...changes, organizationId })
          .onConflictDoUpdate({ target: initialTestingLaunches.organizationId, set: changes })
          .returning()
      )[0]!;
    },
  };
};
