import { useTranslation } from 'react-i18next';

import type { IntegrationStatusResult } from '../model/integration-status';
import { useGoogleWorkspace } from './api';

/**
 * The directory sync's state for the integrations list: not connected without settings; needs
 * attention when the last real sync failed; otherwise when it last synced and what it changed.
 */
export const useGoogleWorkspaceStatus = (): IntegrationStatusResult => {
  const { t, i18n } = useTranslation();
  const query = useGoogleWorkspace();
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const status = (() => {
    const data = query.data;
    if (!data) return undefined;
    if (!data.connection) return { state: 'not_connected' as const, summary: t('integrationsGoogle.status.none') };
    const last = data.lastRuns.find((run) => !run.dryRun && (run.state === 'succeeded' || run.state === 'failed'));
    if (!last) return { state: 'attention' as const, summary: t('integrationsGoogle.status.neverSynced') };
    if (last.state === 'failed') return { state: 'attention' as const, summary: t('integrationsGoogle.status.failed', { date: when(last.finishedAt ?? last.createdAt), error: last.error ?? '' }) };
    return {
      state: 'connected' as const,
      summary: t('integrationsGoogle.status.synced', { date: when(last.finishedAt ?? last.createdAt), people: last.counts.usersSeen.toLocaleString(i18n.language), changed: (last.counts.created + last.counts.updated + last.counts.deactivated + last.counts.reactivated).toLocaleString(i18n.language) }),
    };
  })();
  return { status, isPending: query.isPending, isError: query.isError };
};
