import type { VerifySsoBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Confirms the post-setup checks: completes the SSO and SCIM steps. */
export const verifySso = (api: ApiClient, body: VerifySsoBody) => api.request(apiPaths.onboarding.ssoVerification, { method: 'POST', body });

export const useVerifySso = () => useWizardMutation(verifySso);
