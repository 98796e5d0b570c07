import { useTranslation } from 'react-i18next';

import type { IntegrationStatusResult } from '../model/integration-status';
import { usePhishMailbox } from './api';

/**
 * The mailbox's state for the integrations list: not connected without settings or when turned
 * off; needs attention when the last read failed; otherwise when it was last read and what waits.
 */
export const usePhishMailboxStatus = (): IntegrationStatusResult => {
  const { t, i18n } = useTranslation();
  const query = usePhishMailbox();
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const status = (() => {
    const data = query.data;
    if (!data) return undefined;
    const settings = data.settings;
    if (!settings) return { state: 'not_connected' as const, summary: t('integrationsPhishMailbox.status.none') };
    if (!settings.enabled) return { state: 'not_connected' as const, summary: t('integrationsPhishMailbox.status.off') };
    if (settings.lastError) return { state: 'attention' as const, summary: t('integrationsPhishMailbox.status.failed', { error: settings.lastError }) };
    if (!settings.lastSuccessAt) return { state: 'attention' as const, summary: t('integrationsPhishMailbox.status.neverRead') };
    return { state: 'connected' as const, summary: t('integrationsPhishMailbox.status.read', { date: when(settings.lastSuccessAt), count: data.pendingCount }) };
  })();
  return { status, isPending: query.isPending, isError: query.isError };
};
