import type { GoogleDmiSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Saves direct mail injection for Google Workspace; completes the DMI step. */
export const saveDmiGoogleWorkspace = (api: ApiClient, body: GoogleDmiSettings) =>
  api.request(apiPaths.onboarding.dmiGoogleWorkspace, { method: 'PUT', body });

export const useSaveDmiGoogleWorkspace = () => useWizardMutation(saveDmiGoogleWorkspace);
