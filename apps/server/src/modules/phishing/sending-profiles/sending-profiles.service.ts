import type { CreateSendingProfileBody, SendingProfile, SendingProfiles, UpdateSendingProfileBody } from '@vigil/contracts';
import type { Db, SendingProfile as SendingProfileRow } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { memoized } from '../../../lib/batch-memo.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type OrgScope, scopeOf } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { hostProblem, normalizeHost } from '../delivery/outbound-guard.ts';
import { type Refusal, refuseArchive, refuseChange, requireSendingProfileManager } from './sending-profiles.policy.ts';
import { presentSendingProfile } from './sending-profiles.presenter.ts';
import { type SendingProfileChanges, sendingProfilesRepository } from './sending-profiles.repository.ts';

/** What the service needs beyond the database: the secret box and the operator's outbound allow-list. */
export type SendingProfileSettings = { secrets: SecretBox; outboundAllowedHosts: readonly string[] };

const refusalError = (refusal: Refusal) => new AppError(refusal.code, refusal.problem);

/**
 * The host must be a name or address the outbound guard could ever reach: its syntax, no metadata
 * service, no literal address it refuses (a name is checked again after DNS at every connection).
 * @throws AppError VALIDATION_FAILED naming body.host
 */
const checkHost = (host: string, port: number, settings: SendingProfileSettings) => {
  const problem = hostProblem({ host, port, allowedHosts: settings.outboundAllowedHosts });
  if (problem) throw fieldError('VALIDATION_FAILED', 'body.host', problem);
};

const presentOne = async (db: Db, tenant: Tenant, row: SendingProfileRow): Promise<SendingProfile> => {
  const uses = await sendingProfilesRepository(db, scopeOf(tenant)).countActiveCampaigns([row.id]);
  return presentSendingProfile(row, tenant, uses.get(row.id) ?? 0);
};

/**
 * The organisation's sending profiles that are not archived, by name.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listSendingProfiles = async (db: Db, tenant: Tenant): Promise<SendingProfiles> => {
  requireSendingProfileManager(tenant);
  const repository = sendingProfilesRepository(db, scopeOf(tenant));
  const rows = await repository.listActive();
  const uses = await repository.countActiveCampaigns(rows.map((row) => row.id));
  return { items: rows.map((row) => presentSendingProfile(row, tenant, uses.get(row.id) ?? 0)) };
};

/**
 * One profile, archived ones too (campaigns that used them still name them).
 * @throws AppError FORBIDDEN (not an admin), NOT_FOUND (not a profile of this organisation).
 */
export const getSendingProfile = async (db: Db, tenant: Tenant, id: string): Promise<SendingProfile> => {
  requireSendingProfileManager(tenant);
  const row = await sendingProfilesRepository(db, scopeOf(tenant)).findById(id);
  if (!row) throw notFound('Sending profile');
  return presentOne(db, tenant, row);
};

/**
 * Saves a new profile; the password is sealed before it reaches the database. Audited without it.
 * @throws AppError FORBIDDEN (not an admin), VALIDATION_FAILED (body.host refused by the outbound guard).
 */
export const createSendingProfile = async (
  db: Db,
  tenant: Tenant,
  { password, ...body }: CreateSendingProfileBody,
  settings: SendingProfileSettings,
  origin: RequestOrigin,
): Promise<SendingProfile> => {
  requireSendingProfileManager(tenant);
  const host = normalizeHost(body.host);
  checkHost(host, body.port, settings);
  const row = await db.transaction(async (tx) => {
    const inserted = await sendingProfilesRepository(tx, scopeOf(tenant)).insert({ ...body, host, passwordSealed: password === null ? null : settings.secrets.seal(password) });
    await recordAudit(tx, tenant, {
      action: 'sending-profile.create',
      targetType: 'sending-profile',
      targetId: inserted.id,
      details: { name: inserted.name, host: inserted.host, port: inserted.port, security: inserted.security, hasPassword: password !== null },
      ...origin,
    });
    return inserted;
  });
  return presentSendingProfile(row, tenant, 0);
};

/**
 * Changes a profile. No `password` keeps the one set; `password: null` clears it. Audited with the
 * names of the fields that changed (whether the password was set or cleared, never its value).
 * @throws AppError FORBIDDEN (not an admin), NOT_FOUND, CONFLICT (archived), VALIDATION_FAILED (body.host).
 */
export const updateSendingProfile = async (
  db: Db,
  tenant: Tenant,
  id: string,
  body: UpdateSendingProfileBody,
  settings: SendingProfileSettings,
  origin: RequestOrigin,
): Promise<SendingProfile> => {
  requireSendingProfileManager(tenant);
  const row = await db.transaction(async (tx) => {
    const repository = sendingProfilesRepository(tx, scopeOf(tenant));
    const current = await repository.lockById(id);
    if (!current) throw notFound('Sending profile');
    const refusal = refuseChange(current);
    if (refusal) throw refusalError(refusal);
    const { password, ...fields } = body;
    const changes: SendingProfileChanges = { ...fields, ...(fields.host === undefined ? {} : { host: normalizeHost(fields.host) }) };
    if (changes.host !== undefined || changes.port !== undefined) checkHost(changes.host ?? current.host, changes.port ?? current.port, settings);
    // The stored password is only ever sent to the server it was given for: pointing the profile
    // elsewhere without giving it again would hand it to whoever runs the new host.
    const connectionFields = ['host', 'port', 'security', 'username'] as const;
    const movesConnection = connectionFields.some((field) => changes[field] !== undefined && changes[field] !== current[field]);
    if (movesConnection && current.passwordSealed !== null && password === undefined) {
      throw fieldError('VALIDATION_FAILED', 'body.password', 'must be given again (or set to null) when the host, port, security or username changes');
    }
    if (password !== undefined) changes.passwordSealed = password === null ? null : settings.secrets.seal(password);
    const changed = Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== current[key as keyof typeof current]);
    const updated = await repository.update(id, changes);
    await recordAudit(tx, tenant, {
      action: 'sending-profile.update',
      targetType: 'sending-profile',
      targetId: id,
      details: { changed, ...(password === undefined ? {} : { password: password === null ? 'cleared' : 'set' }) },
      ...origin,
    });
    return updated;
  });
  return presentOne(db, tenant, row);
};

/**
 * Archives a profile (kept for the campaigns that used it). Refused while campaigns still send
 * through it or an active programme uses it; the row is locked, so a launch cannot slip in between.
 * @throws AppError FORBIDDEN (not an admin), NOT_FOUND, CONFLICT (in use, or already archived).
 */
export const archiveSendingProfile = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<SendingProfile> => {
  requireSendingProfileManager(tenant);
  const row = await db.transaction(async (tx) => {
    const repository = sendingProfilesRepository(tx, scopeOf(tenant));
    const current = await repository.lockById(id);
    if (!current) throw notFound('Sending profile');
    const activeCampaigns = (await repository.countActiveCampaigns([id])).get(id) ?? 0;
    const refusal = refuseArchive(current, { activeCampaigns, activeProgrammes: await repository.countActiveProgrammes(id) });
    if (refusal) throw refusalError(refusal);
    const archived = await repository.archive(id);
    await recordAudit(tx, tenant, { action: 'sending-profile.archive', targetType: 'sending-profile', targetId: id, details: { name: current.name }, ...origin });
    return archived;
  });
  return presentSendingProfile(row, tenant, 0);
};

/** A profile as delivery uses it, with the password still sealed (delivery opens it when it connects). */
export type SendingProfileForDelivery = Pick<
  SendingProfileRow,
  'id' | 'host' | 'port' | 'security' | 'username' | 'passwordSealed' | 'fromAddress' | 'fromName' | 'replyTo' | 'ratePerMinute' | 'updatedAt'
>;

/**
 * The profile a send goes through, when it is the organisation's and not archived; undefined otherwise.
 * For the delivery and the send jobs (no caller check: they act for the organisation in `scope`).
 * Read once per send batch (the slot, the lure and the delivery all ask for it).
 */
export const findSendingProfileForDelivery = async (db: Db, scope: OrgScope, id: string): Promise<SendingProfileForDelivery | undefined> =>
  memoized(`sending-profile:${scope.organizationId}:${id}`, async () => {
    const row = await sendingProfilesRepository(db, scope).findById(id);
    return row && !row.archivedAt ? row : undefined;
  });

/**
 * The profile an admin's test email goes through.
 * @throws AppError FORBIDDEN (not an admin), NOT_FOUND, CONFLICT (archived).
 */
export const findProfileForTest = async (db: Db, tenant: Tenant, id: string): Promise<SendingProfileRow> => {
  requireSendingProfileManager(tenant);
  const row = await sendingProfilesRepository(db, scopeOf(tenant)).findById(id);
  if (!row) throw notFound('Sending profile');
  const refusal = refuseChange(row);
  if (refusal) throw refusalError(refusal);
  return row;
};
