import type { LaunchInitialTestingBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Launches the baseline phishing test; completes onboarding. */
export const launchInitialTesting = (api: ApiClient, body: LaunchInitialTestingBody) =>
  api.request(apiPaths.onboarding.launchInitialTesting, { method: 'POST', body });

export const useLaunchInitialTesting = () => useWizardMutation(launchInitialTesting);
