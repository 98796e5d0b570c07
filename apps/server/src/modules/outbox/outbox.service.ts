import type { AuthManagement } from '@vigil/auth-provider';
import type { OutboxList } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { mapLoginsOfOrganization } from '../people/people.service.ts';

/**
 * Messages waiting in the operator outbox for people of the caller's organisation, so a
 * superadmin can hand a code or link on when no mail or SMS service is configured.
 * @throws AppError FORBIDDEN for anyone but a superadmin.
 */
export const listOutbox = async (db: Db, management: AuthManagement, tenant: Tenant): Promise<OutboxList> => {
  if (tenant.role !== 'Superadmin') throw new AppError('FORBIDDEN', 'Only a superadmin may read the outbox');
  const messages = await management.listOutboxFor([...(await mapLoginsOfOrganization(db, tenant)).keys()]);
  return { messages: messages.map(({ createdAt, ...message }) => ({ ...message, created_at: createdAt.toISOString() })) };
};
