import type { FastifyBaseLogger } from 'fastify';
import { type AuthDb, createDelivery } from '@vigil/auth-provider';
import type { CreateModuleRequestBody, ModuleRequest, ModuleRequestStatus } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type OrgScope, scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { localDateOf } from '../cadence/cadence-periods.ts';
import { readOrganizationTimeZone } from '../cadence/cadence.service.ts';
import { requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { presentModuleRequest } from '../cadence/cadence.presenter.ts';
import { addressOf, moduleRequestMail } from './module-request-mail.ts';
import { moduleRequestsRepository } from './module-requests.repository.ts';

export type ModuleRequestServices = { db: Db; mail: Config['mail']; appUrl: string; log: FastifyBaseLogger };

const listLimit = 200;

/** Stores a request as it is (the demo seed's way in; admins go through createModuleRequest, which mails the operator). */
export const recordModuleRequest = (db: Db | Tx, scope: OrgScope, requestedByPersonId: string | null, body: CreateModuleRequestBody, status: ModuleRequestStatus = 'requested') =>
  moduleRequestsRepository(db, scope).insert({ requestedByPersonId, ...body, status });

/**
 * Records a custom module request (audited) and mails the operator everything it says, through the
 * product's mail (SMTP when SMTP_URL is set, else the operator outbox), to OPERATOR_EMAIL or, unset,
 * MAIL_FROM's address. A mail that cannot go is logged: the request stands and is listed either way.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED naming body.wantedBy when it is past.
 */
export const createModuleRequest = async ({ db, mail, appUrl, log }: ModuleRequestServices, tenant: Tenant, body: CreateModuleRequestBody, origin?: RequestOrigin): Promise<ModuleRequest> => {
  requireTrainingAdmin(tenant);
  const scope = scopeOf(tenant);
  const today = localDateOf(new Date(), await readOrganizationTimeZone(db, scope));
  if (body.wantedBy && body.wantedBy < today) throw fieldError('VALIDATION_FAILED', 'body.wantedBy', 'must be today or later');
  const repository = moduleRequestsRepository(db, scope);
  const created = await db.transaction(async (tx) => {
    const inserted = await recordModuleRequest(tx, scope, tenant.personId, body);
    await recordAudit(tx, tenant, { action: 'training-module-request.create', targetType: 'training-module-request', targetId: inserted.id, details: { topic: body.topic, languages: body.languages }, ...origin });
    return inserted;
  });
  const row = (await repository.find(created.id))!;
  const message = moduleRequestMail({ ...body, id: created.id }, { organization: await repository.organizationName(), requestedBy: row.requestedBy ?? tenant.email, appUrl });
  const delivery = createDelivery(db as AuthDb, { smtpUrl: mail.smtpUrl, mailFrom: mail.from });
  try {
    await delivery.send({ channel: 'email', to: mail.operator ?? addressOf(mail.from), ...message });
  } catch (error) {
    log.warn({ err: error, moduleRequestId: created.id }, 'the operator could not be mailed about a custom module request; it is recorded and listed');
  } finally {
    delivery.close();
  }
  return presentModuleRequest({ ...row.request, requestedBy: row.requestedBy });
};

/** The organisation's requests, newest first. @throws AppError FORBIDDEN for anyone but an admin. */
export const listModuleRequests = async (db: Db, tenant: Tenant) => {
  requireTrainingAdmin(tenant);
  const rows = await moduleRequestsRepository(db, scopeOf(tenant)).list(listLimit);
  return { items: rows.map((row) => presentModuleRequest({ ...row.request, requestedBy: row.requestedBy })) };
};

/**
 * Moves a request along (in review, done, declined), audited: the operator's superadmin does.
 * @throws AppError FORBIDDEN for anyone but a superadmin; NOT_FOUND for a request not of the organisation.
 */
export const updateModuleRequestStatus = async (db: Db, tenant: Tenant, id: string, status: ModuleRequestStatus, origin?: RequestOrigin) => {
  if (tenant.role !== 'Superadmin') throw new AppError('FORBIDDEN', 'Only a superadmin may change the status of a module request');
  const scope = scopeOf(tenant);
  return db.transaction(async (tx) => {
    const repository = moduleRequestsRepository(tx, scope);
    const updated = await repository.updateStatus(id, status);
    if (!updated) throw notFound('The module request');
    await recordAudit(tx, tenant, { action: 'training-module-request.status', targetType: 'training-module-request', targetId: id, details: { status }, ...origin });
    const row = (await repository.find(id))!;
    return presentModuleRequest({ ...row.request, requestedBy: row.requestedBy });
  });
};
