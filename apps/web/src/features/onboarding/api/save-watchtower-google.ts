import type { GoogleWatchtowerSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Saves Watchtower for Google Workspace; completes the Watchtower step. */
export const saveWatchtowerGoogle = (api: ApiClient, body: GoogleWatchtowerSettings) =>
  api.request(apiPaths.onboarding.watchtowerGoogle, { method: 'PUT', body });

export const useSaveWatchtowerGoogle = () => useWizardMutation(saveWatchtowerGoogle);
