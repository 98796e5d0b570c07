import type { AuthManagement } from '@vigil/auth-provider';
import type { LoginLogEntry, LoginLogs, LoginLogsQuery } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { csvStream } from '../../lib/csv-stream.ts';
import { readAllByKey } from '../../lib/keyset.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { mapLoginsOfOrganization } from '../people/people.service.ts';

type Logins = Awaited<ReturnType<typeof mapLoginsOfOrganization>>;

/** The provider's filter for the query: the organisation's people matching the search, the dates and the outcome. */
const eventFilter = (logins: Logins, query: LoginLogsQuery) => {
  const needle = query.q?.toLowerCase();
  return {
    userIds: [...logins]
      .filter(([, login]) => !needle || login.email.toLowerCase().includes(needle) || login.name.toLowerCase().includes(needle))
      .map(([userId]) => userId),
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    success: query.outcome === undefined ? undefined : query.outcome === 'success',
  };
};

type AuthEvent = Awaited<ReturnType<AuthManagement['listAuthEvents']>>['events'][number];

const presentEntry = (logins: Logins, event: AuthEvent): LoginLogEntry => ({
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
  new_device: event.newDevice,
});

/**
 * The organisation's login log: every sign-in attempt and session event of its people, from the
 * authentication provider's record, one page at a time.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const listLoginLogs = async (db: Db, management: AuthManagement, tenant: Tenant, query: LoginLogsQuery): Promise<LoginLogs> => {
  requireAdminRole(tenant, 'Only an admin may read the login log');
  const logins = await mapLoginsOfOrganization(db, tenant);
  const { total, events } = await management.listAuthEvents({ ...eventFilter(logins, query), limit: query.page_size, offset: (query.page - 1) * query.page_size });
  return { total, page: query.page, page_size: query.page_size, entries: events.map((event) => presentEntry(logins, event)) };
};

const csvColumns = ['time', 'email', 'name', 'event', 'method', 'outcome', 'reason', 'ip', 'user_agent', 'new_device'];

/**
 * Every entry matching the query as a CSV download, streamed in batches read by key: the whole log,
 * however long, without holding it in memory.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const streamLoginLogsCsv = async (db: Db, management: AuthManagement, tenant: Tenant, query: LoginLogsQuery) => {
  requireAdminRole(tenant, 'Only an admin may read the login log');
  const logins = await mapLoginsOfOrganization(db, tenant);
  const filter = eventFilter(logins, query);
  const rows = readAllByKey(
    (after: readonly [string, string] | undefined, limit) => management.listAuthEventsAfter(filter, after, limit),
    (row) => [row.sortKey, row.event.id] as const,
  );
  return csvStream(
    csvColumns,
    (async function* () {
      for await (const { event } of rows) {
        const e = presentEntry(logins, event);
        yield [e.time, e.email, e.name, e.event, e.method, e.success ? 'success' : 'failure', e.reason, e.ip, e.user_agent, e.new_device ? 'yes' : 'no'];
      }
    })(),
  );
};
