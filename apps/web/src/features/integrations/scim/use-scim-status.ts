import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useOnboardingWizard } from '../../onboarding/api/get-onboarding-wizard';
import { formatDateTime } from '../../onboarding/model/format';
import type { IntegrationStatusResult } from '../model/integration-status';

const day = 24 * 60 * 60 * 1000;

/**
 * SCIM's state for the integrations list: not set up without a token; needs attention when Vigil
 * refused a request in the last day; otherwise what it did in the last 30 days.
 */
export const useScimStatus = (): IntegrationStatusResult => {
  const { t, i18n } = useTranslation();
  const wizard = useOnboardingWizard();
  const [now] = useState(() => Date.now());
  const data = wizard.data;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const status = (() => {
    if (!data) return undefined;
    const { scimToken, retiredScimToken, scimActivity } = data;
    if (!scimToken && !retiredScimToken) return { state: 'not_connected' as const, summary: t('integrations.scim.status.none') };
    const { lastError, lastRequestAt, last30Days } = scimActivity;
    if (lastError && now - Date.parse(lastError.at) < day) return { state: 'attention' as const, summary: t('integrations.scim.status.refused', { date: when(lastError.at), status: lastError.status }) };
    if (!lastRequestAt) return { state: 'attention' as const, summary: t('integrations.scim.status.waiting') };
    return {
      state: 'connected' as const,
      summary: t('integrations.scim.status.working', { date: when(lastRequestAt), added: last30Days.provisioned.toLocaleString(i18n.language), deactivated: last30Days.deprovisioned.toLocaleString(i18n.language) }),
    };
  })();
  return { status, isPending: wizard.isPending, isError: wizard.isError };
};
