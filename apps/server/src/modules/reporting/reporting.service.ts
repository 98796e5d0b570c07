import type { ClientsSummary, ExecutiveReport, ReportSchedule, ReportScheduleBody } from '@vigil/contracts';
import type { Db, ReportScheduleRow } from '@vigil/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { scopeOf } from '../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { listMsspCompanies } from '../organizations/mssp-companies.service.ts';
import { findCurrentOrganization } from '../organizations/organizations.service.ts';
import { readGroupRisk, readOrganizationTrend } from '../risk/risk.service.ts';
import { gatherExecutiveReport } from './executive-report.ts';
import { renderExecutiveReportPdf } from './executive-report-pdf.ts';
import { reportingRepository } from './reporting.repository.ts';

const requireReportingAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may read and schedule reports');

/** The executive report of the caller's organisation. @throws AppError FORBIDDEN for anyone but an admin. */
export const getExecutiveReport = async (db: Db, tenant: Tenant, days: number): Promise<ExecutiveReport> => {
  requireReportingAdmin(tenant);
  const organization = await findCurrentOrganization(db, tenant);
  return gatherExecutiveReport(db, scopeOf(tenant), organization?.name ?? '', days);
};

/** The same report as a PDF. @throws AppError FORBIDDEN for anyone but an admin. */
export const getExecutiveReportPdf = async (db: Db, tenant: Tenant, days: number) => renderExecutiveReportPdf(await getExecutiveReport(db, tenant, days));

const presentSchedule = async (db: Db, tenant: Tenant, row: ReportScheduleRow): Promise<ReportSchedule> => {
  const admins = await reportingRepository(db, scopeOf(tenant)).activeAdmins(row.recipientIds);
  return {
    id: row.id,
    frequency: row.frequency,
    days: row.days,
    recipients: admins.map((admin) => ({ id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email })),
    lastPeriod: row.lastPeriod,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
};

/** Recipients must be active admins of the organisation (a report holds everyone's scores). */
const checkRecipients = async (db: Db, tenant: Tenant, ids: readonly string[]) => {
  const admins = await reportingRepository(db, scopeOf(tenant)).activeAdmins(ids);
  const known = new Set(admins.map((admin) => admin.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw fieldError('VALIDATION_FAILED', `body.recipientIds.${index}`, 'must be an active admin of this organization');
  return [...new Set(ids)];
};

export const listReportSchedules = async (db: Db, tenant: Tenant) => {
  requireReportingAdmin(tenant);
  const rows = await reportingRepository(db, scopeOf(tenant)).listSchedules();
  return { items: await Promise.all(rows.map((row) => presentSchedule(db, tenant, row))) };
};

/**
 * Schedules the report by email (audited). @throws AppError FORBIDDEN (not an admin), VALIDATION_FAILED
 * naming body.recipientIds.{i} for someone who is not an active admin.
 */
export const createReportSchedule = async (db: Db, tenant: Tenant, body: ReportScheduleBody, origin: RequestOrigin) => {
  requireReportingAdmin(tenant);
  const recipientIds = await checkRecipients(db, tenant, body.recipientIds);
  const row = await db.transaction(async (tx) => {
    const inserted = await reportingRepository(tx, scopeOf(tenant)).insertSchedule({ frequency: body.frequency, days: body.days, recipientIds, createdByPersonId: tenant.viaManagedService ? null : tenant.personId });
    await recordAudit(tx, tenant, { action: 'report-schedule.create', targetType: 'report-schedule', targetId: inserted.id, details: { frequency: body.frequency, days: body.days, recipients: recipientIds.length }, ...origin });
    return inserted;
  });
  return presentSchedule(db, tenant, row);
};

/** Changes a schedule (audited). @throws AppError FORBIDDEN, NOT_FOUND, VALIDATION_FAILED as for create. */
export const updateReportSchedule = async (db: Db, tenant: Tenant, id: string, body: ReportScheduleBody, origin: RequestOrigin) => {
  requireReportingAdmin(tenant);
  const recipientIds = await checkRecipients(db, tenant, body.recipientIds);
  const row = await db.transaction(async (tx) => {
    const updated = await reportingRepository(tx, scopeOf(tenant)).updateSchedule(id, { frequency: body.frequency, days: body.days, recipientIds });
    if (!updated) throw notFound('Report schedule');
    await recordAudit(tx, tenant, { action: 'report-schedule.update', targetType: 'report-schedule', targetId: id, details: { frequency: body.frequency, days: body.days, recipients: recipientIds.length }, ...origin });
    return updated;
  });
  return presentSchedule(db, tenant, row);
};

/** Stops a schedule (audited). @throws AppError FORBIDDEN, NOT_FOUND. */
export const deleteReportSchedule = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireReportingAdmin(tenant);
  await db.transaction(async (tx) => {
    const deleted = await reportingRepository(tx, scopeOf(tenant)).deleteSchedule(id);
    if (!deleted) throw notFound('Report schedule');
    await recordAudit(tx, tenant, { action: 'report-schedule.delete', targetType: 'report-schedule', targetId: id, details: {}, ...origin });
  });
};

/**
 * A managed-service provider's clients side by side: each one's score with its bound and 30-day
 * change, its lures of the last 90 days and its overdue lessons. Empty for anyone who manages no
 * clients. Only the figures the table shows are read for each client, not a whole report.
 */
export const getClientsSummary = async (db: Db, tenant: Tenant): Promise<ClientsSummary> => {
  requireReportingAdmin(tenant);
  const clients = await listMsspCompanies(db, tenant);
  const now = new Date();
  const dayMs = 24 * 60 * 60 * 1000;
  const items: ClientsSummary['items'] = [];
  for (const client of clients) {
    const scope = { organizationId: client.company_id };
    const repository = reportingRepository(db, scope);
    const { aggregate } = await readGroupRisk(db, scope);
    const [then] = await readOrganizationTrend(db, scope, 30, now);
    const months = await repository.simulationsByMonth(new Date(now.getTime() - 90 * dayMs), now);
    const total = (key: 'sent' | 'failed' | 'reported') => months.reduce((sum, month) => sum + month[key], 0);
    const { overdue } = await repository.training(new Date(now.getTime() - 90 * dayMs), now);
    items.push({
      id: client.company_id,
      name: client.company_name,
      ...aggregate,
      change: then ? Math.round((aggregate.score - then.score) * 10) / 10 : null,
      sent: total('sent'),
      failed: total('failed'),
      reported: total('reported'),
      overdueTraining: overdue,
    });
  }
  return { items: items.sort((a, b) => b.score - a.score) };
};
