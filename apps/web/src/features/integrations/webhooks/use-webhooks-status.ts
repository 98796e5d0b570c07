import { useTranslation } from 'react-i18next';

import type { IntegrationStatusResult } from '../model/integration-status';
import { useWebhooks } from './api/get-webhooks';

/**
 * Webhooks' state for the integrations list: connected while an endpoint sends; needs attention
 * when one was switched off by a 410 or its last delivery did not go through; not connected with
 * none (or only paused ones).
 */
export const useWebhooksStatus = (): IntegrationStatusResult => {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const status = (() => {
    if (!webhooks.data) return undefined;
    const { items } = webhooks.data;
    if (!items.length) return { state: 'not_connected' as const, summary: t('integrationsWebhooks.status.none') };
    const gone = items.find((endpoint) => endpoint.state === 'gone');
    if (gone) return { state: 'attention' as const, summary: t('integrationsWebhooks.status.gone', { name: gone.name }) };
    const active = items.filter((endpoint) => endpoint.state === 'active');
    if (!active.length) return { state: 'not_connected' as const, summary: t('integrationsWebhooks.status.paused') };
    const failing = active.find((endpoint) => endpoint.lastDelivery && endpoint.lastDelivery.state !== 'delivered');
    if (failing) return { state: 'attention' as const, summary: t('integrationsWebhooks.status.failing', { name: failing.name }) };
    return { state: 'connected' as const, summary: t('integrationsWebhooks.status.active', { count: active.length }) };
  })();
  return { status, isPending: webhooks.isPending, isError: webhooks.isError };
};
