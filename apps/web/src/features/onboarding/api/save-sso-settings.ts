import type { SaveSsoSettingsBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Saves the identity provider's SAML settings; they must be verified again afterwards. */
export const saveSsoSettings = (api: ApiClient, body: SaveSsoSettingsBody) => api.request(apiPaths.onboarding.sso, { method: 'PUT', body });

export const useSaveSsoSettings = () => useWizardMutation(saveSsoSettings);
