import { type TrainingSettings, type TrainingSettingsBody, defaultTrainingSettings, trainingSettingsSchema } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { trainingSettingsRepository } from './training-settings.repository.ts';

/**
 * The organisation's training rules as they apply now: what it saved, with the defaults for
 * anything it has not (a rule added in a later release starts at its default).
 */
export const readTrainingSettings = async (db: Db | Tx, scope: OrgScope): Promise<TrainingSettings> => {
  const saved = await trainingSettingsRepository(db, scope).find();
  const merged = {
    ...defaultTrainingSettings,
    ...saved,
    remedial: { ...defaultTrainingSettings.remedial, ...(saved?.remedial as object | undefined) },
    reminders: { ...defaultTrainingSettings.reminders, ...(saved?.reminders as object | undefined) },
  };
  const parsed = trainingSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultTrainingSettings;
};

/** @throws AppError FORBIDDEN for anyone but an admin. */
export const getTrainingSettings = async (db: Db, tenant: Tenant) => {
  requireTrainingAdmin(tenant);
  return readTrainingSettings(db, tenant);
};

/**
 * Replaces the organisation's training rules (audited). A body without `reminders` (a client from
 * before them) keeps the reminder rules in force.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const updateTrainingSettings = async (db: Db, tenant: Tenant, body: TrainingSettingsBody, origin?: RequestOrigin): Promise<TrainingSettings> => {
  requireTrainingAdmin(tenant);
  const reminders = body.reminders ?? (await readTrainingSettings(db, tenant)).reminders;
  const settings: TrainingSettings = { ...body, remedial: { ...body.remedial, failureEvents: [...new Set(body.remedial.failureEvents)] }, reminders };
  await db.transaction(async (tx) => {
    await trainingSettingsRepository(tx, tenant).save(settings);
    await recordAudit(tx, tenant, { action: 'training-settings.update', targetType: 'organization', targetId: tenant.organizationId, details: settings, ...origin });
  });
  return settings;
};
