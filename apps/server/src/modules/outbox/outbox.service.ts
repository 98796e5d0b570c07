import type { AuthManagement } from '@vigil/auth-provider';
import type { OutboxList } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { scopeOf } from '../../lib/scope.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { mapLoginsOfOrganization } from '../people/people.service.ts';
import { listLureTexts } from './outbox.repository.ts';

const outboxLimit = 100;

/**
 * Messages waiting in the operator outbox for people of the caller's organisation, so a
 * superadmin can hand a code or link on when no mail or SMS service is configured, and the text
 * lures of its campaigns when no SMS service is.
 * @throws AppError FORBIDDEN for anyone but a superadmin.
 */
export const listOutbox = async (db: Db, management: AuthManagement, tenant: Tenant): Promise<OutboxList> => {
  if (tenant.role !== 'Superadmin') throw new AppError('FORBIDDEN', 'Only a superadmin may read the outbox');
  const [sent, lures] = await Promise.all([
    management.listOutboxFor([...(await mapLoginsOfOrganization(db, tenant)).keys()], outboxLimit),
    listLureTexts(db, scopeOf(tenant), outboxLimit),
  ]);
  // A lure to a person whose login has the same phone would come from both: once is enough.
  const lureIds = new Set(lures.map((lure) => lure.id));
  const messages = [...sent.filter((message) => !lureIds.has(message.id)), ...lures].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, outboxLimit);
  return { messages: messages.map(({ createdAt, ...message }) => ({ ...message, created_at: createdAt.toISOString() })) };
};
