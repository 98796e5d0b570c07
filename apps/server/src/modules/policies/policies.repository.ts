import { type SQL, and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Audience } from '@vigil/contracts';
import { type Db, type NewPolicyRow, type NewPolicyVersionRow, type Tx, departments, people, policies, policyAcknowledgements, policyVersions } from '@vigil/db';
import { afterKey } from '../../lib/keyset.ts';
import type { OrgScope } from '../../lib/scope.ts';

/** A version's facts without its document (lists never read the PDF bytes). */
const versionColumns = {
  id: policyVersions.id,
  policyId: policyVersions.policyId,
  version: policyVersions.version,
  format: policyVersions.format,
  byteSize: policyVersions.byteSize,
  sha256: policyVersions.sha256,
  changeNote: policyVersions.changeNote,
  publishedAt: policyVersions.publishedAt,
  publishedByFirstName: people.firstName,
  publishedByLastName: people.lastName,
};
export type PolicyVersionFacts = {
  id: string;
  policyId: string;
  version: number;
  format: 'markdown' | 'pdf';
  byteSize: number;
  sha256: string;
  changeNote: string;
  publishedAt: Date;
  publishedByFirstName: string | null;
  publishedByLastName: string | null;
};

/** The sort key of the acknowledgement list: last name, first name, id. */
export type PersonKey = readonly [string, string, string];

/**
 * The policies tables, always within one organisation. "Who must acknowledge" is the policy's
 * audience resolved now, among active people, the way a campaign's audience is (a manager: their
 * whole reporting line), as one SQL condition so counts and pages are computed by the database.
 */
export const policiesRepository = (db: Db | Tx, scope: OrgScope) => {
  const org = scope.organizationId;
  const inOrg = eq(policies.organizationId, org);

  /** The condition on `people` for the active members of an audience. */
  const inAudience = (audience: Audience): SQL => {
    const active = and(eq(people.organizationId, org), eq(people.isActive, true))!;
    const ids = audience.ids ?? [];
    if (audience.kind === 'organization') return active;
    if (ids.length === 0) return sql`false`;
    if (audience.kind === 'departments') return and(active, inArray(people.departmentId, ids))!;
    if (audience.kind === 'people') return and(active, inArray(people.id, ids))!;
    return and(
      active,
      sql`${people.id} in (
        with recursive reports(id) as (
          select id from people where organization_id = ${org} and manager_id = ${ids[0]!}
          union
          select p.id from people p join reports r on p.manager_id = r.id where p.organization_id = ${org}
        )
        select id from reports)`,
    )!;
  };

  const versionFacts = () => db.select(versionColumns).from(policyVersions).leftJoin(people, and(eq(people.organizationId, policyVersions.organizationId), eq(people.id, policyVersions.publishedByPersonId)));

  return {
    inAudience,

    /** One policy; `lock` holds its row to the end of the transaction (update: publishing; share: acknowledging). */
    find: async (id: string, { lock }: { lock?: 'update' | 'share' } = {}) => {
      const query = db.select().from(policies).where(and(inOrg, eq(policies.id, id))).limit(1);
      return (lock ? await query.for(lock) : await query)[0];
    },

    /** Active or archived policies, newest first. */
    list: (status: 'active' | 'archived') =>
      db
        .select()
        .from(policies)
        .where(and(inOrg, status === 'active' ? isNull(policies.archivedAt) : isNotNull(policies.archivedAt)))
        .orderBy(desc(policies.createdAt), desc(policies.id)),

    insert: async (values: Omit<NewPolicyRow, 'organizationId'>) => (await db.insert(policies).values({ ...values, organizationId: org }).returning())[0]!,

    update: async (id: string, values: Partial<NewPolicyRow>) =>
      (await db.update(policies).set({ ...values, updatedAt: new Date() }).where(and(inOrg, eq(policies.id, id))).returning())[0]!,

    /** The current (highest) version of each of these policies. */
    currentVersions: async (policyIds: readonly string[]): Promise<PolicyVersionFacts[]> => {
      if (policyIds.length === 0) return [];
      const latest = db
        .select({ policyId: policyVersions.policyId, version: sql<number>`max(${policyVersions.version})`.as('latest') })
        .from(policyVersions)
        .where(and(eq(policyVersions.organizationId, org), inArray(policyVersions.policyId, [...policyIds])))
        .groupBy(policyVersions.policyId)
        .as('latest');
      return versionFacts()
        .innerJoin(latest, and(eq(latest.policyId, policyVersions.policyId), eq(latest.version, policyVersions.version)))
        .where(eq(policyVersions.organizationId, org));
    },

    /** Every version of a policy, newest first. */
    versions: (policyId: string): Promise<PolicyVersionFacts[]> =>
      versionFacts()
        .where(and(eq(policyVersions.organizationId, org), eq(policyVersions.policyId, policyId)))
        .orderBy(desc(policyVersions.version)),

    /** One version with its document. */
    versionWithDocument: async (policyId: string, versionId: string) =>
      (
        await db
          .select()
          .from(policyVersions)
          .where(and(eq(policyVersions.organizationId, org), eq(policyVersions.policyId, policyId), eq(policyVersions.id, versionId)))
          .limit(1)
      )[0],

    /** A version's PDF by the version's id alone (the signed address names only the version). */
    pdfOf: async (versionId: string) =>
      (
        await db
          .select({ pdf: policyVersions.pdf, version: policyVersions.version, title: policies.title })
          .from(policyVersions)
          .innerJoin(policies, eq(policies.id, policyVersions.policyId))
          .where(and(eq(policyVersions.organizationId, org), eq(policyVersions.id, versionId), eq(policyVersions.format, 'pdf')))
          .limit(1)
      )[0],

    insertVersion: async (values: Omit<NewPolicyVersionRow, 'organizationId'>) =>
      (await db.insert(policyVersions).values({ ...values, organizationId: org }).returning({ id: policyVersions.id }))[0]!,

    /** How many active people of the audience there are, and how many of them acknowledged this version. */
    counts: async (audience: Audience, versionId: string | null) => {
      const [row] = await db
        .select({
          required: sql<number>`count(*)::int`,
          acknowledged: versionId ? sql<number>`count(${policyAcknowledgements.personId})::int` : sql<number>`0`,
        })
        .from(people)
        .leftJoin(policyAcknowledgements, and(eq(policyAcknowledgements.personId, people.id), eq(policyAcknowledgements.versionId, versionId ?? sql`null::uuid`)))
        .where(inAudience(audience));
      return { required: row?.required ?? 0, acknowledged: row?.acknowledged ?? 0 };
    },

    /** Whether this person is an active member of the audience. */
    isInAudience: async (audience: Audience, personId: string) =>
      (await db.select({ id: people.id }).from(people).where(and(inAudience(audience), eq(people.id, personId))).limit(1)).length === 1,

    /** The person's acknowledgements of these policies: version id and number, when. */
    acknowledgementsOf: (personId: string, policyIds: readonly string[]) =>
      policyIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ policyId: policyAcknowledgements.policyId, versionId: policyAcknowledgements.versionId, version: policyVersions.version, acknowledgedAt: policyAcknowledgements.acknowledgedAt })
            .from(policyAcknowledgements)
            .innerJoin(policyVersions, eq(policyVersions.id, policyAcknowledgements.versionId))
            .where(and(eq(policyAcknowledgements.organizationId, org), eq(policyAcknowledgements.personId, personId), inArray(policyAcknowledgements.policyId, [...policyIds]))),

    /** Which of these people are active members of the audience. */
    membersAmong: async (audience: Audience, personIds: readonly string[]) =>
      personIds.length === 0 ? [] : (await db.select({ id: people.id }).from(people).where(and(inAudience(audience), inArray(people.id, [...personIds])))).map((row) => row.id),

    /** Records acknowledgements; returns those that were new (a person and version already recorded is skipped). */
    acknowledgeMany: async (rows: readonly { policyId: string; versionId: string; personId: string; acknowledgedAt: Date }[]) =>
      rows.length === 0 ? [] : db.insert(policyAcknowledgements).values(rows.map((row) => ({ ...row, organizationId: org }))).onConflictDoNothing().returning(),

    /** Records an acknowledgement; undefined when the person had already acknowledged this version. */
    acknowledge: async (values: { policyId: string; versionId: string; personId: string; acknowledgedAt: Date }) =>
      (await db.insert(policyAcknowledgements).values({ ...values, organizationId: org }).onConflictDoNothing().returning())[0],

    /**
     * One page of the audience with whether each acknowledged the current version, by name.
     * `previousVersion`: the latest earlier version they acknowledged.
     */
    acknowledgementPage: (policy: { id: string; audience: Audience }, current: { id: string; version: number } | null, status: 'pending' | 'acknowledged' | 'all') => async (after: PersonKey | undefined, limit: number) => {
      const currentAck = and(eq(policyAcknowledgements.personId, people.id), eq(policyAcknowledgements.versionId, current?.id ?? sql`null::uuid`));
      const statusFilter = status === 'pending' ? isNull(policyAcknowledgements.personId) : status === 'acknowledged' ? isNotNull(policyAcknowledgements.personId) : undefined;
      const previousVersion = sql<number | null>`(
        select max(v.version) from policy_acknowledgements a join policy_versions v on v.id = a.version_id
        where a.organization_id = ${org} and a.policy_id = ${policy.id} and a.person_id = ${people.id} and v.version < ${current?.version ?? 2_147_483_647})`;
      return db
        .select({
          id: people.id,
          firstName: people.firstName,
          lastName: people.lastName,
          email: people.email,
          department: departments.name,
          acknowledgedAt: policyAcknowledgements.acknowledgedAt,
          previousVersion,
        })
        .from(people)
        .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
        .leftJoin(policyAcknowledgements, currentAck)
        .where(and(inAudience(policy.audience), statusFilter, after ? afterKey([people.lastName, people.firstName, people.id], after, 'asc') : undefined))
        .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
        .limit(limit);
    },
  };
};

export type PoliciesRepository = ReturnType<typeof policiesRepository>;
