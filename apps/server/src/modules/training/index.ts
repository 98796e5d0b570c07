import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trainingAssignmentsRoutes } from './assignments/training-assignments.routes.ts';
import { cadenceRoutes } from './cadence/cadence.routes.ts';
import { myTrainingsRoutes } from './learner/my-trainings.routes.ts';
import type { TrainingServices } from './modules/training-modules.service.ts';
import { trainingModulesRoutes } from './modules/training-modules.routes.ts';
import { trainingSettingsRoutes } from './settings/training-settings.routes.ts';

export { trainingMediaRoutes } from './media/training-media.routes.ts';
export { moduleRequestsRoutes } from './requests/module-requests.routes.ts';

/** Training under /api: the catalogue, assignments, the learner's trainings, the organisation's rules. */
export const trainingModule: FastifyPluginAsyncZod<TrainingServices> = async (app, services) => {
  await app.register(trainingModulesRoutes, services);
  await app.register(trainingAssignmentsRoutes, { db: services.db });
  await app.register(myTrainingsRoutes, services);
  await app.register(trainingSettingsRoutes, { db: services.db });
  await app.register(cadenceRoutes, { db: services.db });
};
