import type { AuthManagement } from '@vigil/auth-provider';
import type { OutboxConfirmation, OutboxList } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { scopeOf } from '../../lib/scope.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
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

/**
 * Confirms a WhatsApp login waiting in the outbox (no Twilio: the person's message cannot arrive),
 * for one of the caller's organisation's people, found exactly as `listOutbox` finds messages. The
 * person's waiting page then signs them in. Audited.
 * @throws AppError FORBIDDEN for anyone but a superadmin; NOT_FOUND when no waiting request of the
 *   organisation's people has this id (another organisation's included); CONFLICT when it expired or
 *   was confirmed already.
 */
export const confirmWhatsAppFromOutbox = async (db: Db, management: AuthManagement, tenant: Tenant, messageId: string, origin: RequestOrigin): Promise<OutboxConfirmation> => {
  if (tenant.role !== 'Superadmin') throw new AppError('FORBIDDEN', 'Only a superadmin may confirm requests in the outbox');
  const people = await mapLoginsOfOrganization(db, tenant);
  const result = await management.confirmWhatsAppFromOutbox(messageId, [...people.keys()], { ip: origin.ip });
  if (result.outcome === 'not-found') throw notFound('Waiting WhatsApp sign-in');
  if (result.outcome === 'gone') throw new AppError('CONFLICT', 'This WhatsApp sign-in has expired or was confirmed already; the person can ask for a new one');
  // The login (the provider's user id) whose sign-in was confirmed, named by its email for readers.
  await recordAudit(db, tenant, { action: 'outbox.whatsapp-confirm', targetType: 'person-login', targetId: result.userId, details: { messageId, email: people.get(result.userId)?.email ?? null }, ...origin });
  return { id: messageId, confirmed_at: new Date().toISOString() };
};
