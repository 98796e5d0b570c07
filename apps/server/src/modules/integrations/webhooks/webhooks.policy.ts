import { type WebhookEndpointAbilities, isAdminRole } from '@vigil/contracts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';

/**
 * Who may do what with webhooks:
 *
 * 1. Only the organisation's admins and superadmins see and manage its webhooks and their delivery
 *    log; anyone else gets 403. (The payloads name people by id, and the URLs may carry a token.)
 * 2. A paused endpoint, or one switched off after a 410, sends nothing: no test event and no
 *    redelivery until an admin switches it back on.
 */

/** A refused action: CONFLICT, the endpoint's state does not allow it. */
export type Refusal = { code: 'CONFLICT'; problem: string };

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin of the organisation. */
export const requireWebhookManager = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage webhooks');

type EndpointState = { enabled: boolean };

export const webhookAbilities = (tenant: Pick<Tenant, 'role'>, endpoint: EndpointState): WebhookEndpointAbilities => {
  const admin = isAdminRole(tenant.role);
  return { edit: admin, delete: admin, rotateSecret: admin, sendTest: admin && endpoint.enabled };
};

/** Whether the endpoint may send now (a test event, a redelivery), or why not. */
export const refuseSendingNow = (endpoint: EndpointState): Refusal | null =>
  endpoint.enabled ? null : { code: 'CONFLICT', problem: 'This webhook is switched off; switch it on before sending to it.' };
