import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ChooseComplianceFrameworkBody,
  type ComplianceEvidenceQuery,
  type ComplianceFramework,
  type ComplianceOverview,
  type CompliancePeopleList,
  type CompliancePeopleQuery,
  type ComplianceSettings,
  type CadenceRuleInput,
  complianceEvidenceCsvColumns,
  defaultComplianceSettings,
} from '@vigil/contracts';
import { type Db, type Tx, organizations } from '@vigil/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv-stream.ts';
import { decodeCursor, readAllByKey, readKeysetPage } from '../../lib/keyset.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type OrgScope, personActor } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { listProgrammes } from '../phishing/programmes/programmes.service.ts';
import { createCadenceRules, deleteCadenceRule, listCadenceRules, updateCadenceRule } from '../training/cadence/cadence.service.ts';
import { type ComplianceClock, periodStartOf } from './compliance-status.ts';
import { compliancePeopleCsvColumns, compliancePersonCsvRow, evidenceCsvRow, presentFramework, presentPerson } from './compliance.presenter.ts';
import { type EvidenceRow, type PersonStatusRow, type StatusQuery, complianceRepository, selectRetentionOrganizations } from './compliance.repository.ts';
import { type EvidencePdfFacts, renderEvidencePdf } from './evidence-pdf.ts';
import { type FrameworkDefinition, findFramework, frameworkCatalogue } from './frameworks/framework-catalogue.ts';
import { complianceFrameworksRepository } from './frameworks/compliance-frameworks.repository.ts';

const requireComplianceAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage compliance');

/** Days from the start of a yearly period to the due date of the assignments a framework's annual rule makes. */
export const annualDueInDays = 30;

const requireFramework = (id: string) => {
  const framework = findFramework(id);
  if (!framework) throw notFound('The compliance framework');
  return framework;
};

const readSettings = async (db: Db | Tx, scope: { organizationId: string }): Promise<ComplianceSettings> => {
  const row = await complianceRepository(db, scope).findSettings();
  return row ? { retentionYears: row.retentionYears, newHireWindowDays: row.newHireWindowDays } : { ...defaultComplianceSettings };
};

const clockOf = (framework: FrameworkDefinition, settings: ComplianceSettings, now: Date): ComplianceClock => ({
  today: now.toISOString().slice(0, 10),
  periodStart: periodStartOf(now, framework.cadence.periodMonths).toISOString().slice(0, 10),
  newHireWindowDays: settings.newHireWindowDays,
});

/**
 * Every framework of the catalogue as the organisation sees it: chosen ones with their modules and
 * their active people by status, the others with the catalogue's suggestion; and the phishing
 * programmes that evidence the social engineering clauses.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const getComplianceOverview = async (db: Db, tenant: Tenant, now = new Date()): Promise<ComplianceOverview> => {
  requireComplianceAdmin(tenant);
  const frameworks = complianceFrameworksRepository(db, tenant);
  const repository = complianceRepository(db, tenant);
  const [choices, settings, programmes] = await Promise.all([frameworks.list(), readSettings(db, tenant), listProgrammes(db, tenant)]);
  const suggested = await frameworks.builtinModulesBySlug([...new Set(frameworkCatalogue.flatMap((framework) => framework.moduleSlugs))]);
  const chosenModules = await frameworks.usableModules([...new Set(choices.flatMap((choice) => choice.moduleIds))]);
  const items: ComplianceFramework[] = [];
  for (const framework of frameworkCatalogue) {
    const choice = choices.find((row) => row.frameworkId === framework.id);
    const counts = choice ? await repository.countByStatus({ moduleIds: choice.moduleIds, clock: clockOf(framework, settings, now), now }) : null;
    items.push(presentFramework(framework, suggested, choice, chosenModules, counts));
  }
  // Chosen frameworks first, in the order they were chosen; then the rest in the catalogue's order.
  const chosenOrder = (id: string) => choices.findIndex((choice) => choice.frameworkId === id);
  items.sort((a, b) => (a.chosen === b.chosen ? (a.chosen ? chosenOrder(a.id) - chosenOrder(b.id) : 0) : a.chosen ? -1 : 1));
  return {
    frameworks: items,
    programmes: programmes.items.map((programme) => ({ id: programme.id, name: programme.name, cadence: programme.cadence, active: programme.active })),
    asOf: now.toISOString(),
  };
};

const presentOne = async (db: Db | Tx, tenant: Tenant, framework: FrameworkDefinition, now: Date) => {
  const frameworks = complianceFrameworksRepository(db, tenant);
  const choice = await frameworks.find(framework.id);
  const [suggested, chosenModules, settings] = await Promise.all([frameworks.builtinModulesBySlug(framework.moduleSlugs), frameworks.usableModules(choice?.moduleIds ?? []), readSettings(db, tenant)]);
  const counts = choice ? await complianceRepository(db, tenant).countByStatus({ moduleIds: choice.moduleIds, clock: clockOf(framework, settings, now), now }) : null;
  return presentFramework(framework, suggested, choice, chosenModules, counts);
};

/** Deletes the cadence rules a framework asked for, for these modules (all of them when absent); what they assigned stays. */
const deleteFrameworkRules = async (tx: Tx, tenant: Tenant, frameworkId: string, moduleIds: readonly string[] | undefined, origin?: RequestOrigin) => {
  const { items } = await listCadenceRules(tx, tenant);
  for (const rule of items) {
    if (rule.frameworkId !== frameworkId) continue;
    if (moduleIds && !moduleIds.includes(rule.moduleId)) continue;
    await deleteCadenceRule(tx, tenant, rule.id, origin);
  }
};

/**
 * Chooses a framework for the organisation, or changes the modules it requires (audited). Without
 * `moduleIds`, a newly chosen framework requires the catalogue's suggestion and a chosen one keeps
 * its modules. With `applyCadence` (the default), each required module becomes two cadence rules
 * for the whole organisation through the training cadence service: every year (due 30 days into the
 * year) and on hire (due within the new-hire window); rules the framework already has are not made
 * twice, and the rules of modules it no longer requires are deleted (their assignments stay).
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a framework not in the catalogue;
 * VALIDATION_FAILED naming body.moduleIds(.{i}) for modules the organisation may not use.
 */
export const chooseComplianceFramework = async (db: Db, tenant: Tenant, id: string, body: ChooseComplianceFrameworkBody, origin?: RequestOrigin, now = new Date()): Promise<ComplianceFramework> => {
  requireComplianceAdmin(tenant);
  const framework = requireFramework(id);
  await db.transaction(async (tx) => {
    const frameworks = complianceFrameworksRepository(tx, tenant);
    const previous = await frameworks.find(framework.id, { lock: true });
    let moduleIds = body.moduleIds ?? previous?.moduleIds;
    if (!moduleIds) {
      const suggested = await frameworks.builtinModulesBySlug(framework.moduleSlugs);
      const bySlug = new Map(suggested.map((module) => [module.builtinSlug, module.id]));
      moduleIds = framework.moduleSlugs.flatMap((slug) => (bySlug.has(slug) ? [bySlug.get(slug)!] : []));
      if (moduleIds.length === 0) throw fieldError('VALIDATION_FAILED', 'body.moduleIds', 'must name at least one module (the built-in library is not loaded)');
    }
    const usable = new Set((await frameworks.usableModules(moduleIds)).filter((module) => !module.archivedAt || previous?.moduleIds.includes(module.id)).map((module) => module.id));
    const unusable = moduleIds.findIndex((moduleId) => !usable.has(moduleId));
    if (unusable >= 0) throw fieldError('VALIDATION_FAILED', `body.moduleIds.${unusable}`, 'must be a training module this organization may use');

    await frameworks.upsert(framework.id, moduleIds, tenant.personId);
    const dropped = previous ? previous.moduleIds.filter((moduleId) => !moduleIds.includes(moduleId)) : [];
    if (dropped.length > 0) await deleteFrameworkRules(tx, tenant, framework.id, dropped, origin);
    let rules = 0;
    if (body.applyCadence) {
      const settings = await readSettings(tx, tenant);
      const audience = { kind: 'organization' as const };
      const inputs: CadenceRuleInput[] = moduleIds.flatMap((moduleId) => [
        ...(framework.cadence.annual ? [{ moduleId, audience, cadence: 'annual' as const, dueInDays: annualDueInDays, frameworkId: framework.id }] : []),
        ...(framework.cadence.onHire
          ? [{ moduleId, audience, cadence: 'on_hire' as const, dueInDays: settings.newHireWindowDays, newHireWindowDays: settings.newHireWindowDays, frameworkId: framework.id }]
          : []),
      ]);
      const perModule = inputs.length / moduleIds.length;
      rules = (await createCadenceRules(tx, tenant, personActor(tenant), inputs, { fieldPrefix: (index) => `body.moduleIds.${Math.floor(index / perModule)}.`, origin })).length;
    }
    await recordAudit(tx, tenant, {
      action: previous ? 'compliance-framework.update' : 'compliance-framework.choose',
      targetType: 'compliance-framework',
      targetId: framework.id,
      details: { moduleIds, dropped, cadenceRules: rules },
      ...origin,
    });
  });
  return presentOne(db, tenant, framework, now);
};

/**
 * Stops following a framework (audited): its choice and the cadence rules it asked for go; every
 * assignment and record stays (they are evidence, kept for the retention period).
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a framework the organisation has not chosen.
 */
export const removeComplianceFramework = async (db: Db, tenant: Tenant, id: string, origin?: RequestOrigin) => {
  requireComplianceAdmin(tenant);
  const framework = requireFramework(id);
  await db.transaction(async (tx) => {
    const removed = await complianceFrameworksRepository(tx, tenant).remove(framework.id);
    if (!removed) throw notFound('The chosen compliance framework');
    await deleteFrameworkRules(tx, tenant, framework.id, undefined, origin);
    await recordAudit(tx, tenant, { action: 'compliance-framework.remove', targetType: 'compliance-framework', targetId: framework.id, details: { moduleIds: removed.moduleIds }, ...origin });
  });
};

const chosenFramework = async (db: Db, tenant: Tenant, id: string) => {
  const framework = requireFramework(id);
  const choice = await complianceFrameworksRepository(db, tenant).find(framework.id);
  if (!choice) throw notFound('The chosen compliance framework');
  return { framework, choice };
};

const statusQueryFor = async (db: Db, tenant: Tenant, framework: FrameworkDefinition, moduleIds: readonly string[], now: Date): Promise<StatusQuery> => ({
  moduleIds,
  clock: clockOf(framework, await readSettings(db, tenant), now),
  now,
});

const peopleKey = z.tuple([z.string().max(2_000), z.uuid()]);
const keyOfPerson = (row: PersonStatusRow) => [row.sortKey, row.personId] as const;

/**
 * A chosen framework's active people with their status, by name, a page at a time by key.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a framework not chosen;
 * VALIDATION_FAILED for a cursor this list did not give.
 */
export const listCompliancePeople = async (db: Db, tenant: Tenant, id: string, query: CompliancePeopleQuery, now = new Date()): Promise<CompliancePeopleList> => {
  requireComplianceAdmin(tenant);
  const { framework, choice } = await chosenFramework(db, tenant, id);
  const statusQuery = await statusQueryFor(db, tenant, framework, choice.moduleIds, now);
  const repository = complianceRepository(db, tenant);
  const page = await readKeysetPage(
    (after: readonly [string, string] | undefined, limit) => repository.listPeople(statusQuery, query, after, limit),
    keyOfPerson,
    query.cursor ? decodeCursor(query.cursor, peopleKey) : undefined,
    query.limit,
  );
  return { items: page.items.map(presentPerson), nextCursor: page.nextCursor };
};

/**
 * The same list as a streamed CSV, every match.
 * @throws as listCompliancePeople.
 */
export const streamCompliancePeopleCsv = async (db: Db, tenant: Tenant, id: string, query: CompliancePeopleQuery, now = new Date()) => {
  requireComplianceAdmin(tenant);
  const { framework, choice } = await chosenFramework(db, tenant, id);
  const statusQuery = await statusQueryFor(db, tenant, framework, choice.moduleIds, now);
  const repository = complianceRepository(db, tenant);
  const rows = readAllByKey((after: readonly [string, string] | undefined, limit) => repository.listPeople(statusQuery, query, after, limit), keyOfPerson);
  return csvStream(
    compliancePeopleCsvColumns,
    (async function* () {
      for await (const row of rows) yield compliancePersonCsvRow(presentPerson(row));
    })(),
  );
};

/** The organisation's compliance settings (the defaults when never saved). @throws AppError FORBIDDEN for anyone but an admin. */
export const getComplianceSettings = async (db: Db, tenant: Tenant): Promise<ComplianceSettings> => {
  requireComplianceAdmin(tenant);
  return readSettings(db, tenant);
};

/**
 * Saves the retention and the new-hire window (audited). The window also becomes that of the
 * on-hire cadence rules the chosen frameworks asked for.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const updateComplianceSettings = async (db: Db, tenant: Tenant, body: ComplianceSettings, origin?: RequestOrigin): Promise<ComplianceSettings> => {
  requireComplianceAdmin(tenant);
  return db.transaction(async (tx) => {
    const before = await readSettings(tx, tenant);
    const saved = await complianceRepository(tx, tenant).saveSettings(body);
    if (before.newHireWindowDays !== body.newHireWindowDays) {
      const { items } = await listCadenceRules(tx, tenant);
      for (const rule of items.filter((item) => item.frameworkId && item.cadence === 'on_hire')) {
        await updateCadenceRule(tx, tenant, rule.id, { newHireWindowDays: body.newHireWindowDays, dueInDays: body.newHireWindowDays }, origin);
      }
    }
    await recordAudit(tx, tenant, { action: 'compliance-settings.update', targetType: 'organization', targetId: tenant.organizationId, details: { before, after: body }, ...origin });
    return { retentionYears: saved.retentionYears, newHireWindowDays: saved.newHireWindowDays };
  });
};

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const keyOfEvidence = (row: EvidenceRow) => [row.sortKey, row.assignmentId] as const;

/**
 * The evidence CSV: every pass and failure of the framework's required modules finished between
 * `from` and `to` (UTC days, both included), oldest first, deactivated people included.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a framework not chosen.
 */
export const streamEvidenceCsv = async (db: Db, tenant: Tenant, id: string, query: ComplianceEvidenceQuery) => {
  requireComplianceAdmin(tenant);
  const { choice } = await chosenFramework(db, tenant, id);
  const repository = complianceRepository(db, tenant);
  const [from, to] = [dayStart(query.from), dayAfter(query.to)];
  const rows = readAllByKey((after: readonly [string, string] | undefined, limit) => repository.listEvidence(choice.moduleIds, from, to, after, limit), keyOfEvidence);
  return csvStream(
    complianceEvidenceCsvColumns,
    (async function* () {
      for await (const row of rows) yield evidenceCsvRow(row);
    })(),
  );
};

/**
 * The evidence pack's PDF summary: the framework, its clauses and how they are met, the required
 * modules with passes in the range, the people by status today, the simulation programmes, the
 * retention and the status rule.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a framework not chosen.
 */
export const renderEvidenceSummary = async (db: Db, tenant: Tenant, id: string, query: ComplianceEvidenceQuery, now = new Date()): Promise<Buffer> => {
  requireComplianceAdmin(tenant);
  const { framework } = await chosenFramework(db, tenant, id);
  const [presented, settings, programmes, organization] = await Promise.all([
    presentOne(db, tenant, framework, now),
    readSettings(db, tenant),
    listProgrammes(db, tenant),
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, tenant.organizationId)).limit(1),
  ]);
  const repository = complianceRepository(db, tenant);
  const [from, to] = [dayStart(query.from), dayAfter(query.to)];
  const modules = [];
  for (const module of presented.modules) modules.push({ title: module.title, version: module.version, passed: await repository.countPassed([module.id], from, to) });
  const facts: EvidencePdfFacts = {
    organizationName: organization[0]?.name ?? '',
    framework: presented,
    from: query.from,
    to: query.to,
    generatedAt: now,
    counts: presented.counts!,
    modules,
    programmes: programmes.items.map((programme) => ({ name: programme.name, cadence: programme.cadence, active: programme.active })),
    retentionYears: settings.retentionYears,
    newHireWindowDays: settings.newHireWindowDays,
  };
  return renderEvidencePdf(facts);
};

/**
 * Deletes, in every organisation, the training records older than its retention (6 years unless
 * set): finished assignments (passed, failed, cancelled) that finished before the cut-off, and
 * acknowledgements of superseded policy versions given before it (an acknowledgement of a policy's
 * current version is what says the person has read it, so it stays however old). Open assignments
 * are never deleted. Run daily by `compliance.retention`; running it twice deletes nothing more.
 * @returns how many of each went
 */
export const pruneExpiredTrainingRecords = async (db: Db, now: Date) => {
  const totals = { assignments: 0, acknowledgements: 0, organizations: 0 };
  for (const { organizationId, retentionYears } of await selectRetentionOrganizations(db)) {
    const before = new Date(now);
    before.setUTCFullYear(before.getUTCFullYear() - (retentionYears ?? defaultComplianceSettings.retentionYears));
    const repository = complianceRepository(db, { organizationId });
    const assignments = await repository.deleteFinishedBefore(before);
    const acknowledgements = await repository.deleteSupersededAcknowledgementsBefore(before);
    totals.assignments += assignments;
    totals.acknowledgements += acknowledgements;
    if (assignments + acknowledgements > 0) totals.organizations += 1;
  }
  return totals;
};

/**
 * The chosen frameworks' compliant people against all active people, for reports acting for the
 * organisation (no role check here).
 */
export const readComplianceSummary = async (db: Db, scope: OrgScope, now = new Date()) => {
  const choices = await complianceFrameworksRepository(db, scope).list();
  const settings = await readSettings(db, scope);
  const repository = complianceRepository(db, scope);
  const summary: { framework: string; compliant: number; total: number }[] = [];
  for (const choice of choices) {
    const framework = findFramework(choice.frameworkId);
    if (!framework) continue;
    const counts = await repository.countByStatus({ moduleIds: choice.moduleIds, clock: clockOf(framework, settings, now), now });
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    summary.push({ framework: framework.name, compliant: counts.compliant, total });
  }
  return summary;
};
