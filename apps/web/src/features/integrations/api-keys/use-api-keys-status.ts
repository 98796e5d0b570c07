import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { IntegrationStatusResult } from '../model/integration-status';
import { useApiKeys } from './api/get-api-keys';
import { relativeTime } from './relative-time';

/** A key this close to its expiry asks for attention, so the integration using it can be given a new one in time. */
const expiryWarningMs = 7 * 86_400_000;

/**
 * API keys' state for the integrations list: connected while an active key exists, with how many
 * and when one was last used; needs attention when an active key expires within a week.
 */
export const useApiKeysStatus = (): IntegrationStatusResult => {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys();
  // The moment the list is read against; a later render need not move it.
  const [now] = useState(() => Date.now());
  const status = (() => {
    if (!keys.data) return undefined;
    const active = keys.data.items.filter((key) => key.state === 'active');
    if (!active.length) return { state: 'not_connected' as const, summary: t('integrationsApiKeys.status.none') };
    const lastUsed = active.map((key) => key.lastUsedAt).filter((at): at is string => at !== null).sort().at(-1);
    const expiring = active.filter((key) => Date.parse(key.expiresAt) - now < expiryWarningMs).sort((a, b) => a.expiresAt.localeCompare(b.expiresAt))[0];
    if (expiring) {
      return { state: 'attention' as const, summary: t('integrationsApiKeys.status.expiring', { count: active.length, name: expiring.name, when: relativeTime(expiring.expiresAt, i18n.language, now) }) };
    }
    const summary = lastUsed
      ? t('integrationsApiKeys.status.lastUsed', { count: active.length, when: relativeTime(lastUsed, i18n.language, now) })
      : t('integrationsApiKeys.status.neverUsed', { count: active.length });
    return { state: 'connected' as const, summary };
  })();
  return { status, isPending: keys.isPending, isError: keys.isError };
};
