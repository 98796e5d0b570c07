import type { ExchangeDmiSettings } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useWizardMutation } from './use-wizard-mutation';

/** Saves direct mail injection for Exchange Online; completes the DMI step. */
export const saveDmiExchange = (api: ApiClient, body: ExchangeDmiSettings) =>
  api.request(apiPaths.onboarding.dmiExchange, { method: 'PUT', body });

export const useSaveDmiExchange = () => useWizardMutation(saveDmiExchange);
