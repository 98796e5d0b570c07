import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type NewApiKeyRow, type Tx, apiKeys, people } from '@vigil/db';
import type { OrgScope } from '../../lib/scope.ts';

const creator = alias(people, 'creator');
const revoker = alias(people, 'revoker');

/** Revoked keys stay in the admin's list this long, so the list says what happened to them. */
const revokedKeysListedDays = 90;
/** No organisation has more keys than this in its list (it may hold 25 active ones; the rest are recent history). */
const listedKeysLimit = 200;

const listedColumns = {
  key: apiKeys,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorEmail: creator.email,
  revokerFirstName: revoker.firstName,
  revokerLastName: revoker.lastName,
  revokerEmail: revoker.email,
};

export type ListedApiKey = {
  key: typeof apiKeys.$inferSelect;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorEmail: string | null;
  revokerFirstName: string | null;
  revokerLastName: string | null;
  revokerEmail: string | null;
};

/** The API keys of one organisation, for its admins; every query carries the organisation. */
export const apiKeysRepository = (db: Db | Tx, scope: OrgScope) => {
  const inOrganization = eq(apiKeys.organizationId, scope.organizationId);
  // The people who made and revoked keys may live in another organisation (a managed-service operator).
  const selectListed = () =>
    db
      .select(listedColumns)
      .from(apiKeys)
      .leftJoin(creator, eq(creator.id, apiKeys.createdByPersonId))
      .leftJoin(revoker, eq(revoker.id, apiKeys.revokedByPersonId));

  return {
    list: async (): Promise<ListedApiKey[]> =>
      selectListed()
        .where(and(inOrganization, or(isNull(apiKeys.revokedAt), sql`${apiKeys.revokedAt} > now() - make_interval(days => ${revokedKeysListedDays})`)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(listedKeysLimit),

    findListed: async (id: string): Promise<ListedApiKey | undefined> => (await selectListed().where(and(inOrganization, eq(apiKeys.id, id))).limit(1))[0],

    find: async (id: string, { lock = false }: { lock?: boolean } = {}) => {
      const query = db.select().from(apiKeys).where(and(inOrganization, eq(apiKeys.id, id))).limit(1);
      return (lock ? await query.for('update') : await query)[0];
    },

    /** Keys neither revoked nor expired. */
    countActive: async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(and(inOrganization, isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, sql`now()`))))[0]?.n ?? 0,

    /** Serialises key creation within the organisation, so two at once cannot both pass the limit. */
    lockOrganizationKeys: async () => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('api_keys'), hashtext(${scope.organizationId}))`);
    },

    insert: async (values: Omit<NewApiKeyRow, 'organizationId'>) => (await db.insert(apiKeys).values({ ...values, organizationId: scope.organizationId }).returning())[0]!,

    revoke: async (id: string, personId: string) =>
      (await db.update(apiKeys).set({ revokedAt: sql`now()`, revokedByPersonId: personId }).where(and(inOrganization, eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning())[0],
  };
};

/**
 * The key a secret belongs to, whichever organisation holds it: the secret is the credential, so
 * this lookup is how a caller's organisation is found (as a session's token names its tenant).
 */
export const findApiKeyBySecretHash = async (db: Db, secretHash: string) =>
  (await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1))[0];

/** When a key was last used is kept to the minute. */
const lastUsedPrecisionMs = 60_000;

/** Whether a use now changes what is recorded: none yet, or the last one a minute or more ago. */
export const isLastUseWorthNoting = (lastUsedAt: Date | null, now: Date) => !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= lastUsedPrecisionMs;

/** Notes that the key was used now, at most once a minute per key (the condition holds across servers too). */
export const touchApiKeyLastUsed = async (db: Db, id: string) => {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
};
