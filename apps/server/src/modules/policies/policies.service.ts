import type {
  Audience,
  CreatePolicyBody,
  MyPolicy,
  MyPolicyReading,
  PolicyAcknowledgementList,
  PolicyAcknowledgementsQuery,
  PolicyDetail,
  PolicyDocument,
  PolicyList,
  PolicySummary,
  PublishPolicyVersionBody,
} from '@vigil/contracts';
import type { Db, PolicyRow, Tx } from '@vigil/db';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv-stream.ts';
import { decodeCursor, readAllByKey, readKeysetPage } from '../../lib/keyset.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type Actor, type OrgScope, personActor, scopeOf } from '../../lib/scope.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAuditAs } from '../audit-log/audit-log.service.ts';
import { resolveAudienceMembers } from '../phishing/campaigns/campaigns.service.ts';
// The event log has no service of its own: appending is its one write, which training's services call the same way.
// eslint-disable-next-line no-restricted-imports
import { appendEvents } from '../events/events.repository.ts';
import { type PersonKey, type PolicyVersionFacts, policiesRepository } from './policies.repository.ts';
import { presentAcknowledgementRow, presentPolicy, presentVersion } from './policies.presenter.ts';
import { documentSha256, pdfProblem, renderPolicyMarkdown, signPolicyPdfUrl } from './policy-document.ts';

/** Who publishes: a signed-in admin (their request), or the demo seed acting for an organisation. */
export type PolicyActing = Readonly<{ scope: OrgScope; actor: Actor; personId: string | null; origin?: RequestOrigin }>;

const actingAdmin = (tenant: Tenant, origin?: RequestOrigin): PolicyActing => {
  requireAdminRole(tenant, 'Only an admin may manage policies');
  return { scope: scopeOf(tenant), actor: personActor(tenant), personId: tenant.personId, ...(origin ? { origin } : {}) };
};

const audit = (db: Db | Tx, acting: PolicyActing, action: string, policyId: string, details: Record<string, unknown>) =>
  recordAuditAs(db, acting.scope, acting.actor, { action, targetType: 'policy', targetId: policyId, details, ...(acting.origin ?? {}) });

/** @throws AppError NOT_FOUND for a policy that is not the organisation's. */
const ownPolicy = async (db: Db | Tx, scope: OrgScope, id: string, lock?: 'update' | 'share') => {
  const policy = await policiesRepository(db, scope).find(id, lock ? { lock } : {});
  if (!policy) throw notFound('The policy');
  return policy;
};

const summarise = async (db: Db | Tx, scope: OrgScope, rows: readonly PolicyRow[]): Promise<PolicySummary[]> => {
  const repository = policiesRepository(db, scope);
  const current = new Map((await repository.currentVersions(rows.map((row) => row.id))).map((version) => [version.policyId, version]));
  return Promise.all(
    rows.map(async (row) => {
      const version = current.get(row.id) ?? null;
      const counts = row.archivedAt ? { required: 0, acknowledged: 0 } : await repository.counts(row.audience, version?.id ?? null);
      return presentPolicy(row, version, counts);
    }),
  );
};

const detailOf = async (db: Db | Tx, scope: OrgScope, row: PolicyRow): Promise<PolicyDetail> => {
  const [summary] = await summarise(db, scope, [row]);
  const versions = await policiesRepository(db, scope).versions(row.id);
  return { ...summary!, versions: versions.map(presentVersion) };
};

/** The organisation's active or archived policies, newest first, each with its current version and how many have acknowledged it. @throws AppError FORBIDDEN for non-admins. */
export const listPolicies = async (db: Db, tenant: Tenant, query: { status: 'active' | 'archived' }): Promise<PolicyList> => {
  const { scope } = actingAdmin(tenant);
  return { items: await summarise(db, scope, await policiesRepository(db, scope).list(query.status)) };
};

/** One policy with all its versions. @throws AppError NOT_FOUND, FORBIDDEN. */
export const getPolicy = async (db: Db, tenant: Tenant, id: string): Promise<PolicyDetail> => {
  const { scope } = actingAdmin(tenant);
  return detailOf(db, scope, await ownPolicy(db, scope, id));
};

type VersionContent = { format: 'markdown'; markdown: string } | { format: 'pdf'; pdf: Buffer };

/**
 * Publishes the next version of a locked policy (1 for a new one), appends `policy_published` and
 * audits it. A change note is required from version 2 on (`noteField` names where it came from).
 */
const publishVersion = async (tx: Tx, acting: PolicyActing, policy: PolicyRow, content: VersionContent, changeNote: string, noteField: string, now = new Date()) => {
  if (policy.archivedAt) throw new AppError('CONFLICT', 'The policy is archived: it asks no one any more, so it takes no new versions');
  const repository = policiesRepository(tx, acting.scope);
  const [current] = await repository.currentVersions([policy.id]);
  const version = (current?.version ?? 0) + 1;
  if (version > 1 && changeNote.length === 0) throw fieldError('VALIDATION_FAILED', noteField, 'is required for a new version: say what changed, so people know why they are asked again');
  const bytes = content.format === 'markdown' ? Buffer.from(content.markdown, 'utf8') : content.pdf;
  const inserted = await repository.insertVersion({
    policyId: policy.id,
    version,
    format: content.format,
    markdown: content.format === 'markdown' ? content.markdown : null,
    pdf: content.format === 'pdf' ? content.pdf : null,
    byteSize: bytes.length,
    sha256: documentSha256(bytes),
    changeNote,
    publishedAt: now,
    publishedByPersonId: acting.personId,
  });
  await repository.update(policy.id, {});
  await appendEvents(tx, [
    { organizationId: acting.scope.organizationId, personId: null, type: 'policy_published', occurredAt: now, data: { policyId: policy.id, versionId: inserted.id, version, format: content.format, publishedByPersonId: acting.personId } },
  ]);
  await audit(tx, acting, 'policy.version.publish', policy.id, { version, format: content.format, bytes: bytes.length, changeNote });
  return inserted;
};

/** Checks the audience names departments or people of the organisation (400 naming body.audience.ids otherwise). */
const checkAudience = (tx: Db | Tx, scope: OrgScope, audience: Audience) => resolveAudienceMembers(tx, scope, audience);

/**
 * Creates a policy for an audience; with Markdown, publishes version 1 at once.
 * @throws AppError VALIDATION_FAILED naming body.audience.ids for departments or people not of the organisation.
 */
export const createPolicyAs = (db: Db, acting: PolicyActing, body: CreatePolicyBody, now = new Date()): Promise<PolicyDetail> =>
  db.transaction(async (tx) => {
    await checkAudience(tx, acting.scope, body.audience);
    const policy = await policiesRepository(tx, acting.scope).insert({ title: body.title, description: body.description, audience: body.audience, createdByPersonId: acting.personId, createdAt: now, updatedAt: now });
    await audit(tx, acting, 'policy.create', policy.id, { title: body.title, audience: body.audience });
    if (body.markdown !== undefined) await publishVersion(tx, acting, policy, { format: 'markdown', markdown: body.markdown }, '', 'body.changeNote', now);
    return detailOf(tx, acting.scope, policy);
  });

/** @see createPolicyAs; @throws AppError FORBIDDEN for non-admins. */
export const createPolicy = (db: Db, tenant: Tenant, body: CreatePolicyBody, origin: RequestOrigin) => createPolicyAs(db, actingAdmin(tenant, origin), body);

/** Publishes a new Markdown version, which asks everyone again. @throws AppError NOT_FOUND, FORBIDDEN, CONFLICT (archived), VALIDATION_FAILED (body.changeNote). */
export const publishMarkdownVersionAs = (db: Db, acting: PolicyActing, id: string, body: PublishPolicyVersionBody, now = new Date()): Promise<PolicyDetail> =>
  db.transaction(async (tx) => {
    const policy = await ownPolicy(tx, acting.scope, id, 'update');
    await publishVersion(tx, acting, policy, { format: 'markdown', markdown: body.markdown }, body.changeNote, 'body.changeNote', now);
    return detailOf(tx, acting.scope, policy);
  });

export const publishMarkdownVersion = (db: Db, tenant: Tenant, id: string, body: PublishPolicyVersionBody, origin: RequestOrigin) => publishMarkdownVersionAs(db, actingAdmin(tenant, origin), id, body);

/**
 * Publishes an uploaded PDF as the next version. The bytes are checked as a PDF (header and
 * end-of-file marker), whatever the upload's name or declared type.
 * @throws AppError VALIDATION_FAILED naming `body` (not a PDF, empty, over 10 MB) or querystring.changeNote; NOT_FOUND; FORBIDDEN; CONFLICT (archived).
 */
export const publishPdfVersion = async (db: Db, tenant: Tenant, id: string, content: Buffer, changeNote: string, origin: RequestOrigin): Promise<PolicyDetail> => {
  const acting = actingAdmin(tenant, origin);
  const problem = pdfProblem(content);
  if (problem) throw fieldError('VALIDATION_FAILED', 'body', problem);
  return db.transaction(async (tx) => {
    const policy = await ownPolicy(tx, acting.scope, id, 'update');
    await publishVersion(tx, acting, policy, { format: 'pdf', pdf: content }, changeNote, 'querystring.changeNote');
    return detailOf(tx, acting.scope, policy);
  });
};

/** Archives a policy: no one is asked any more; versions and acknowledgements stay. Idempotent. @throws AppError NOT_FOUND, FORBIDDEN. */
export const archivePolicy = (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<PolicyDetail> => {
  const acting = actingAdmin(tenant, origin);
  return db.transaction(async (tx) => {
    const policy = await ownPolicy(tx, acting.scope, id, 'update');
    if (policy.archivedAt) return detailOf(tx, acting.scope, policy);
    const archived = await policiesRepository(tx, acting.scope).update(id, { archivedAt: new Date() });
    await audit(tx, acting, 'policy.archive', id, { title: policy.title });
    return detailOf(tx, acting.scope, archived);
  });
};

/** Markdown rendered exactly as readers will see it (the editor's preview). @throws AppError FORBIDDEN. */
export const previewPolicyMarkdown = (tenant: Tenant, markdown: string) => {
  actingAdmin(tenant);
  return { html: renderPolicyMarkdown(markdown) };
};

const documentOf = (secrets: SecretBox, version: { id: string; organizationId: string; format: 'markdown' | 'pdf'; markdown: string | null }, facts: PolicyVersionFacts, includeSource: boolean): PolicyDocument => ({
  version: presentVersion(facts),
  html: version.format === 'markdown' ? renderPolicyMarkdown(version.markdown ?? '') : null,
  pdfUrl: version.format === 'pdf' ? signPolicyPdfUrl(secrets, version) : null,
  markdown: includeSource && version.format === 'markdown' ? version.markdown : null,
});

/** Any version of a policy as an admin reads it, with its Markdown source. @throws AppError NOT_FOUND, FORBIDDEN. */
export const readPolicyVersion = async (db: Db, secrets: SecretBox, tenant: Tenant, id: string, versionId: string): Promise<PolicyDocument> => {
  const { scope } = actingAdmin(tenant);
  const repository = policiesRepository(db, scope);
  const version = await repository.versionWithDocument(id, versionId);
  const facts = (await repository.versions(id)).find((entry) => entry.id === versionId);
  if (!version || !facts) throw notFound('The policy version');
  return documentOf(secrets, version, facts, true);
};

const personKey = z.tuple([z.string(), z.string(), z.uuid()]);

const acknowledgementSource = async (db: Db, tenant: Tenant, id: string, status: PolicyAcknowledgementsQuery['status']) => {
  const { scope } = actingAdmin(tenant);
  const policy = await ownPolicy(db, scope, id);
  const repository = policiesRepository(db, scope);
  const [current] = await repository.currentVersions([id]);
  return { current, fetch: repository.acknowledgementPage(policy, current ?? null, status) };
};

/** Who of the audience has (and has not) acknowledged the current version, by name, paged by key. @throws AppError NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (query.cursor). */
export const listPolicyAcknowledgements = async (db: Db, tenant: Tenant, id: string, query: PolicyAcknowledgementsQuery): Promise<PolicyAcknowledgementList> => {
  const { current, fetch } = await acknowledgementSource(db, tenant, id, query.status);
  const after = query.cursor ? (decodeCursor(query.cursor, personKey) as PersonKey) : undefined;
  const page = await readKeysetPage(fetch, (row) => [row.lastName, row.firstName, row.id] as const, after, query.limit);
  return { version: current?.version ?? null, items: page.items.map(presentAcknowledgementRow), nextCursor: page.nextCursor };
};

const csvColumns = ['name', 'email', 'department', 'status', 'version', 'acknowledged_at', 'previous_version_acknowledged'] as const;

/** Every row of the list as a CSV stream (the status filter applies; no paging). */
export const streamPolicyAcknowledgementsCsv = async (db: Db, tenant: Tenant, id: string, query: PolicyAcknowledgementsQuery) => {
  const { current, fetch } = await acknowledgementSource(db, tenant, id, query.status);
  const rows = readAllByKey(fetch, (row) => [row.lastName, row.firstName, row.id] as const);
  return csvStream(
    csvColumns,
    (async function* () {
      for await (const row of rows) {
        const r = presentAcknowledgementRow(row);
        yield [r.name, r.email, r.department ?? '', r.status, current ? String(current.version) : '', r.acknowledgedAt ?? '', r.previousVersion === null ? '' : String(r.previousVersion)];
      }
    })(),
  );
};

// The learner's side: every call reads only policies the signed-in person is asked to acknowledge
// (active, published, and the person in its audience), in the organisation their session acts in.

const myPolicyOf = (policy: PolicyRow, version: PolicyVersionFacts, acknowledgements: readonly { policyId: string; versionId: string; version: number; acknowledgedAt: Date }[]): MyPolicy => {
  const own = acknowledgements.filter((entry) => entry.policyId === policy.id);
  const current = own.find((entry) => entry.versionId === version.id);
  const earlier = own.filter((entry) => entry.version < version.version).map((entry) => entry.version);
  return {
    id: policy.id,
    title: policy.title,
    description: policy.description,
    version: presentVersion(version),
    status: current ? 'acknowledged' : 'to_acknowledge',
    acknowledgedAt: current ? current.acknowledgedAt.toISOString() : null,
    previousVersion: current || earlier.length === 0 ? null : Math.max(...earlier),
  };
};

/** The policies a person is asked to acknowledge, each with its current version. */
const askedOf = async (db: Db | Tx, scope: OrgScope, personId: string, only?: string) => {
  const repository = policiesRepository(db, scope);
  const active = (await repository.list('active')).filter((policy) => !only || policy.id === only);
  const current = new Map((await repository.currentVersions(active.map((policy) => policy.id))).map((version) => [version.policyId, version]));
  const asked: { policy: PolicyRow; version: PolicyVersionFacts }[] = [];
  for (const policy of active) {
    const version = current.get(policy.id);
    if (version && (await repository.isInAudience(policy.audience, personId))) asked.push({ policy, version });
  }
  return asked;
};

/** The signed-in person's policies: those to acknowledge first (oldest first), then those acknowledged. */
export const listMyPolicies = async (db: Db, tenant: Tenant): Promise<{ items: MyPolicy[] }> => {
  const scope = scopeOf(tenant);
  const asked = await askedOf(db, scope, tenant.personId);
  const acknowledgements = await policiesRepository(db, scope).acknowledgementsOf(tenant.personId, asked.map((entry) => entry.policy.id));
  const items = asked.map(({ policy, version }) => myPolicyOf(policy, version, acknowledgements));
  const rank = (item: MyPolicy) => (item.status === 'to_acknowledge' ? 0 : 1);
  items.sort((a, b) => rank(a) - rank(b) || a.version.publishedAt.localeCompare(b.version.publishedAt));
  return { items };
};

/** @throws AppError NOT_FOUND when the policy is not one the person is asked to acknowledge. */
const askedPolicy = async (db: Db | Tx, scope: OrgScope, personId: string, id: string) => {
  const [entry] = await askedOf(db, scope, personId, id);
  if (!entry) throw notFound('The policy');
  return entry;
};

/** One of the person's policies with its current version's document (sanitised HTML or a signed PDF address). @throws AppError NOT_FOUND. */
export const readMyPolicy = async (db: Db, secrets: SecretBox, tenant: Tenant, id: string): Promise<MyPolicyReading> => {
  const scope = scopeOf(tenant);
  const { policy, version } = await askedPolicy(db, scope, tenant.personId, id);
  const repository = policiesRepository(db, scope);
  const [withDocument, acknowledgements] = await Promise.all([repository.versionWithDocument(id, version.id), repository.acknowledgementsOf(tenant.personId, [id])]);
  return { policy: myPolicyOf(policy, version, acknowledgements), document: documentOf(secrets, withDocument!, version, false) };
};

/**
 * Records that a person read and understood a version (appends `policy_acknowledged` once).
 * Acknowledging the same version again changes nothing and answers the same.
 * @throws AppError NOT_FOUND when the policy is not one they are asked to acknowledge;
 *   CONFLICT naming body.versionId when that version is no longer the current one.
 */
export const acknowledgePolicyAs = (db: Db, scope: OrgScope, personId: string, id: string, versionId: string, now = new Date()): Promise<MyPolicy> =>
  db.transaction(async (tx) => {
    // Held shared to the end: a version published meanwhile waits, so the check below stays true.
    await ownPolicy(tx, scope, id, 'share');
    const { policy, version } = await askedPolicy(tx, scope, personId, id);
    if (version.id !== versionId) throw fieldError('CONFLICT', 'body.versionId', `is no longer the current version of this policy: read version ${version.version} and acknowledge that`);
    const repository = policiesRepository(tx, scope);
    const recorded = await repository.acknowledge({ policyId: id, versionId, personId, acknowledgedAt: now });
    if (recorded) {
      await appendEvents(tx, [{ organizationId: scope.organizationId, personId, type: 'policy_acknowledged', occurredAt: now, data: { policyId: id, versionId, version: version.version } }]);
    }
    return myPolicyOf(policy, version, await repository.acknowledgementsOf(personId, [id]));
  });

/**
 * Records that several people acknowledged the current version, at the moments given (acknowledgements
 * collected elsewhere; the demo seed). People who are not active members of the audience are skipped;
 * one `policy_acknowledged` event per new acknowledgement.
 * @returns how many were new
 * @throws AppError NOT_FOUND for a policy not of the organisation or archived; CONFLICT naming versionId when it is not the current version.
 */
export const recordAcknowledgementsAs = (db: Db, scope: OrgScope, id: string, versionId: string, entries: readonly { personId: string; acknowledgedAt: Date }[]): Promise<number> =>
  db.transaction(async (tx) => {
    const policy = await ownPolicy(tx, scope, id, 'share');
    if (policy.archivedAt) throw notFound('The policy');
    const repository = policiesRepository(tx, scope);
    const [current] = await repository.currentVersions([id]);
    if (current?.id !== versionId) throw fieldError('CONFLICT', 'versionId', 'is not the current version of this policy');
    const members = new Set(await repository.membersAmong(policy.audience, entries.map((entry) => entry.personId)));
    const recorded = await repository.acknowledgeMany(entries.filter((entry) => members.has(entry.personId)).map((entry) => ({ policyId: id, versionId, ...entry })));
    await appendEvents(
      tx,
      recorded.map((row) => ({ organizationId: scope.organizationId, personId: row.personId, type: 'policy_acknowledged', occurredAt: row.acknowledgedAt, data: { policyId: id, versionId, version: current.version } })),
    );
    return recorded.length;
  });

export const acknowledgeMyPolicy = (db: Db, tenant: Tenant, id: string, versionId: string) => acknowledgePolicyAs(db, scopeOf(tenant), tenant.personId, id, versionId);

/** A PDF version's bytes for its signed address (the signature was checked by the route). */
export const policyPdfFor = (db: Db, organizationId: string, versionId: string) => policiesRepository(db, { organizationId }).pdfOf(versionId);
