import { stringify } from 'csv-stringify/sync';
import type { AuthManagement } from '@vigil/auth-provider';
import type { LoginLogEntry, LoginLogs, LoginLogsQuery } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { neutraliseCsvCell } from '../../lib/csv-cell.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { mapLoginsOfOrganization } from '../people/people.service.ts';

const csvExportLimit = 10_000;

/**
 * The organisation's login log: every sign-in attempt and session event of its people, from the
 * authentication provider's record.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const listLoginLogs = async (db: Db, management: AuthManagement, tenant: Tenant, query: LoginLogsQuery): Promise<LoginLogs> => {
  requireAdminRole(tenant, 'Only an admin may read the login log');
  const logins = await mapLoginsOfOrganization(db, tenant);
  const pageSize = query.format === 'csv' ? csvExportLimit : query.page_size;
  const needle = query.q?.toLowerCase();
  const userIds = [...logins]
    .filter(([, login]) => !needle || login.email.toLowerCase().includes(needle) || login.name.toLowerCase().includes(needle))
    .map(([userId]) => userId);
  const { total, events } = await management.listAuthEvents({
    userIds,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    success: query.outcome === undefined ? undefined : query.outcome === 'success',
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
  });
  const entries: LoginLogEntry[] = events.map((event) => ({
    id: event.id,
    time: event.createdAt.toISOString(),
    email: logins.get(event.userId!)?.email ?? '',
    name: logins.get(event.userId!)?.name ?? '',
    event: event.event,
    method: event.method,
    success: event.success,
    reason: event.reason ?? '',
    ip: event.ip ?? '',
    user_agent: event.userAgent ?? '',
  }));
  return { total, page: query.page, page_size: pageSize, entries };
};

/** The same entries as a CSV download, with spreadsheet formulas neutralised. */
export const loginLogsAsCsv = (logs: LoginLogs) =>
  stringify(
    logs.entries.map((e) => [e.time, e.email, e.name, e.event, e.method, e.success ? 'success' : 'failure', e.reason, e.ip, e.user_agent].map(neutraliseCsvCell)),
    { header: true, columns: ['time', 'email', 'name', 'event', 'method', 'outcome', 'reason', 'ip', 'user_agent'] },
  );
