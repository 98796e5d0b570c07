import { type TrainingLanguage, type TrainingModuleDetail, type TrainingModuleSummary, type TrainingModulesQuery, trainingTopics } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import { presentModuleDetail, presentModuleSummary } from './training-modules.presenter.ts';
import { findModuleMedia, trainingModulesRepository } from './training-modules.repository.ts';

/** What training's use cases need: the database (or a transaction they nest in, as the demo seed does) and the secret box signing media addresses. */
export type TrainingServices = Readonly<{ db: Db | Tx; secrets: SecretBox; /** The sandbox origin SCORM packages play from (the phishing listener's PHISH_PUBLIC_URL). */ sandboxUrl?: string }>;

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin. */
export const requireTrainingAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage training');

const topicOrder = (topic: string) => (trainingTopics as readonly string[]).indexOf(topic);

/**
 * The catalogue: the built-in lessons and the organisation's own modules, filtered, in the library's
 * order of topics (the basics first), titled in the language asked for (English when a module lacks it).
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const listTrainingModules = async ({ db, secrets }: TrainingServices, tenant: Tenant, query: TrainingModulesQuery): Promise<{ items: TrainingModuleSummary[] }> => {
  requireTrainingAdmin(tenant);
  const rows = await trainingModulesRepository(db, tenant).list(query);
  const items = rows.map((row) => presentModuleSummary(secrets, row, query.language));
  items.sort((a, b) => topicOrder(a.topic) - topicOrder(b.topic) || a.title.localeCompare(b.title));
  return { items };
};

/**
 * One module as the admin previews it, in `language` (English when it lacks that), quiz answers included.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a module the organisation may not use.
 */
export const getTrainingModule = async ({ db, secrets, sandboxUrl }: TrainingServices, tenant: Tenant, id: string, language: TrainingLanguage | undefined): Promise<TrainingModuleDetail> => {
  requireTrainingAdmin(tenant);
  const module = await trainingModulesRepository(db, tenant).find(id);
  if (!module) throw notFound('The training module');
  return presentModuleDetail(secrets, module, language, new Date(), sandboxUrl);
};

/** A module the organisation may use (built-in or its own), or undefined; archived ones only when asked (assignments keep theirs). */
export const findUsableModule = (db: Db | Tx, scope: OrgScope, id: string, options: { includeArchived?: boolean } = {}) => trainingModulesRepository(db, scope).find(id, options);

/** Where a module's media lives, for the public media route (its signed address is the authorisation). */
/** The lesson a failure with a lure of this category is answered with (see the repository's remedialFor). */
export const findRemedialModule = async (db: Db | Tx, scope: OrgScope, category: string) => (await trainingModulesRepository(db, scope).remedialFor(category))?.id;

export const findModuleMediaSource = (db: Db, id: string) => findModuleMedia(db, id);
