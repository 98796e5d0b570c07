import type { AuthManagement } from '@vigil/auth-provider';
import type {
  AccountFactors,
  AccountProfile,
  AccountSessions,
  LoginHistory,
  LoginHistoryQuery,
  RevokedSessions,
  UpdateAccountProfileBody,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { loginDirectoryFor, loginsLiveInVigil } from '../identity/login-directory.ts';
import { findCallerPerson, renameCallerPerson } from '../people/people.service.ts';

// A person's own account belongs to their home organisation, also while a managed-service
// operator acts in a client organisation: that is where its changes are audited.
const auditOwnAccount = (db: Db, tenant: Tenant, event: Parameters<typeof recordAudit>[2]) =>
  recordAudit(db, { ...tenant, organizationId: tenant.homeOrganizationId }, event);

/**
 * Sessions, second factors and sign-in history are read from the embedded provider's tables: with
 * an outside provider they are there, not here.
 * @throws AppError CONFLICT saying where to look instead.
 */
const requireLoginsInVigil = () => {
  if (!loginsLiveInVigil()) {
    throw new AppError('CONFLICT', "Your sign-ins are managed by your organization's sign-in provider, not by Vigil: see your sessions, sign-in methods and sign-in history there");
  }
};

const presentProfile = (person: { firstName: string; lastName: string; email: string }): AccountProfile => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
});

/**
 * The caller's own names and email.
 * @throws AppError NOT_FOUND when the caller's person has gone (deleted since the session began).
 */
export const getAccountProfile = async (db: Db, tenant: Tenant): Promise<AccountProfile> => {
  const person = await findCallerPerson(db, tenant);
  if (!person) throw notFound('Your person');
  return presentProfile(person);
};

/**
 * Renames the caller, in Vigil and at the authentication provider (whose mails greet them by
 * name), wherever their login lives (the login directory), and audits the change. The email is
 * the login and does not change here.
 * @throws AppError NOT_FOUND when the caller's person has gone.
 */
export const updateAccountProfile = async (
  db: Db,
  tenant: Tenant,
  body: UpdateAccountProfileBody,
  origin: RequestOrigin,
): Promise<AccountProfile> => {
  const before = await findCallerPerson(db, tenant);
  if (!before) throw notFound('Your person');
  const person = await renameCallerPerson(db, tenant, { firstName: body.firstName, lastName: body.lastName });
  if (!person) throw notFound('Your person');
  await loginDirectoryFor(db).updateLoginNames(tenant.authUserId, { givenName: person.firstName, familyName: person.lastName });
  await auditOwnAccount(db, tenant, {
    action: 'account.profile.update',
    targetType: 'person',
    targetId: person.id,
    details: { from: { firstName: before.firstName, lastName: before.lastName }, to: { firstName: person.firstName, lastName: person.lastName } },
    ...origin,
  });
  return presentProfile(person);
};

/** The person's own authenticator app, passkeys and recovery codes left, as their account settings show them. */
export const listAccountFactors = async (management: AuthManagement, tenant: Tenant): Promise<AccountFactors> => {
  requireLoginsInVigil();
  const factors = await management.listFactors(tenant.authUserId);
  return {
    authenticatorApp: factors.authenticatorApp ? { confirmedAt: factors.authenticatorApp.confirmedAt?.toISOString() ?? null } : null,
    passkeys: factors.passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      synced: passkey.backedUp,
    })),
    recoveryCodesLeft: factors.recoveryCodesLeft,
  };
};

/** The caller's own open sessions (browsers and devices signed in), the current one marked. */
export const listAccountSessions = async (management: AuthManagement, tenant: Tenant): Promise<AccountSessions> => {
  requireLoginsInVigil();
  const sessions = await management.listSessions(tenant.authUserId);
  return {
    canTellCurrent: tenant.sessionId !== undefined,
    sessions: sessions.map((session) => ({
      id: session.familyId,
      current: session.familyId === tenant.sessionId,
      ip: session.ip ?? '',
      userAgent: session.userAgent ?? '',
      signedInAt: session.signedInAt.toISOString(),
      lastActiveAt: session.lastActiveAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    })),
  };
};

/**
 * Ends one of the caller's own sessions: the API refuses it at once, and it cannot renew.
 * @throws AppError VALIDATION_FAILED for the session in use (signing out ends that one);
 *   NOT_FOUND for a session that is not the caller's or has already ended.
 */
export const revokeAccountSession = async (
  db: Db,
  management: AuthManagement,
  tenant: Tenant,
  sessionId: string,
  origin: RequestOrigin,
): Promise<RevokedSessions> => {
  requireLoginsInVigil();
  if (sessionId === tenant.sessionId) throw fieldError('VALIDATION_FAILED', 'params.sessionId', 'is the session you are using: sign out to end it');
  if (!(await management.revokeSession(tenant.authUserId, sessionId))) throw notFound('Session');
  await auditOwnAccount(db, tenant, { action: 'account.session.revoke', targetType: 'session', targetId: sessionId, details: {}, ...origin });
  return { revokedSessions: 1 };
};

/**
 * Ends every session of the caller but the one in use.
 * @throws AppError CONFLICT when the session token does not say which session it is (a provider
 *   without the `sid` claim): ending "the others" would end this one too.
 */
export const revokeOtherAccountSessions = async (
  db: Db,
  management: AuthManagement,
  tenant: Tenant,
  origin: RequestOrigin,
): Promise<RevokedSessions> => {
  requireLoginsInVigil();
  if (!tenant.sessionId) {
    throw new AppError('CONFLICT', 'This session cannot be told apart from the others; sign out of each one instead');
  }
  const revokedSessions = await management.revokeOtherSessions(tenant.authUserId, tenant.sessionId);
  if (revokedSessions > 0) {
    await auditOwnAccount(db, tenant, {
      action: 'account.session.revoke-others',
      targetType: 'session',
      targetId: tenant.sessionId,
      details: { revokedSessions },
      ...origin,
    });
  }
  return { revokedSessions };
};

/** The caller's own sign-in attempts, newest first, from the provider's record. */
export const listLoginHistory = async (management: AuthManagement, tenant: Tenant, query: LoginHistoryQuery): Promise<LoginHistory> => {
  requireLoginsInVigil();
  const { total, events } = await management.listAuthEvents({
    userIds: [tenant.authUserId],
    events: ['signin'],
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    total,
    page: query.page,
    page_size: query.page_size,
    entries: events.map((event) => ({
      id: event.id,
      time: event.createdAt.toISOString(),
      method: event.method,
      success: event.success,
      reason: event.reason ?? '',
      ip: event.ip ?? '',
      userAgent: event.userAgent ?? '',
      newDevice: event.newDevice,
    })),
  };
};
