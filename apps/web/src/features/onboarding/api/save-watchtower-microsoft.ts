import type { MicrosoftWatchtowerSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Saves Watchtower for Microsoft 365; completes the Watchtower step. */
export const saveWatchtowerMicrosoft = (api: ApiClient, body: MicrosoftWatchtowerSettings) =>
  api.request(apiPaths.onboarding.watchtowerMicrosoft, { method: 'PUT', body });

export const useSaveWatchtowerMicrosoft = () => useWizardMutation(saveWatchtowerMicrosoft);
