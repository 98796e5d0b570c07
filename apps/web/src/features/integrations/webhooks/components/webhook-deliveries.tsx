import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../../components/empty-state';
import { ScrollableTableContainer } from '../../../../components/scrollable-table-container';
import { SectionCard } from '../../../../components/section-card';
import { messageOf } from '../../../../lib/api-client';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';

export const deliveryStateColor: Record<WebhookDeliveryState, 'success' | 'warning' | 'error'> = { delivered: 'success', pending: 'warning', failed: 'error' };

/** The event's name in the reader's language (a type the catalogue lacks shows as sent). */
export const useEventLabel = () => {
  const { t, i18n } = useTranslation();
  return (type: string) => (i18n.exists(`integrationsWebhooks.eventTypes.${type}`) ? t(`integrationsWebhooks.eventTypes.${type}` as 'integrationsWebhooks.eventTypes.clicked') : type);
};

export const useDateTime = () => {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};

const DeliveryRow = ({ endpoint, delivery, onRedelivered }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery; onRedelivered: (delivery: WebhookDelivery) => void }) => {
  const { t } = useTranslation();
  const eventLabel = useEventLabel();
  const dateTime = useDateTime();
  const redeliver = useRedeliverWebhook();
  return (
    <TableRow data-testid="webhook-delivery-row">
      <TableCell>{eventLabel(delivery.eventType)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(delivery.createdAt)}</TableCell>
      <TableCell>
        <Chip size="small" color={deliveryStateColor[delivery.state]} label={t(`integrationsWebhooks.deliveryStates.${delivery.state}`)} />
        {delivery.nextAttemptAt ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('integrationsWebhooks.log.nextAttempt', { when: dateTime(delivery.nextAttemptAt) })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{delivery.attempts}</TableCell>
      <TableCell>{delivery.lastStatusCode ?? '—'}</TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        {delivery.lastError ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {delivery.lastError}
          </Typography>
        ) : null}
        {delivery.lastResponseExcerpt ? (
          <Typography component="pre" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, maxHeight: 96, overflow: 'auto' }}>
            {delivery.lastResponseExcerpt}
          </Typography>
        ) : null}
        {redeliver.error ? <Alert severity="error">{messageOf(redeliver.error)}</Alert> : null}
      </TableCell>
      <TableCell align="right">
        {delivery.can.redeliver ? (
          <Button
            size="small"
            loading={redeliver.isPending}
            aria-label={t('integrationsWebhooks.log.redeliverFor', { event: eventLabel(delivery.eventType), when: dateTime(delivery.createdAt) })}
            onClick={() => redeliver.mutate({ id: endpoint.id, deliveryId: delivery.id }, { onSuccess: onRedelivered })}
          >
            {t('integrationsWebhooks.log.redeliver')}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
};

/** One endpoint's deliveries, newest first, with the receiver's last answers and Redeliver; older pages on request. */
export const WebhookDeliveries = ({ endpoint }: { endpoint: WebhookEndpoint }) => {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(endpoint.id);
  const [notice, setNotice] = useState<string | null>(null);
  const title = t('integrationsWebhooks.log.title', { name: endpoint.name });
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard title={title} testId="webhook-deliveries">
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {log.isPending ? (
        <CircularProgress aria-label={title} />
      ) : log.isError ? (
        <Alert severity="error">{t('integrationsWebhooks.log.loadFailed', { message: messageOf(log.error) })}</Alert>
      ) : items.length === 0 ? (
        <EmptyState testId="webhook-deliveries-empty">{t('integrationsWebhooks.log.empty')}</EmptyState>
      ) : (
        <ScrollableTableContainer label={title}>
          <Table size="small" sx={{ minWidth: 880 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('integrationsWebhooks.log.columns.event')}</TableCell>
                <TableCell>{t('integrationsWebhooks.log.columns.created')}</TableCell>
                <TableCell>{t('integrationsWebhooks.log.columns.state')}</TableCell>
                <TableCell>{t('integrationsWebhooks.log.columns.attempts')}</TableCell>
                <TableCell>{t('integrationsWebhooks.log.columns.status')}</TableCell>
                <TableCell>{t('integrationsWebhooks.log.columns.response')}</TableCell>
                <TableCell align="right">{t('integrationsWebhooks.log.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  endpoint={endpoint}
                  delivery={delivery}
                  onRedelivered={(result) => setNotice(t('integrationsWebhooks.log.redelivered', { state: t(`integrationsWebhooks.deliveryStates.${result.state}`) }))}
                />
              ))}
            </TableBody>
          </Table>
        </ScrollableTableContainer>
      )}
      {log.hasNextPage ? (
        <Button onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage} sx={{ alignSelf: 'flex-start' }}>
          {t('integrationsWebhooks.log.more')}
        </Button>
      ) : null}
    </SectionCard>
  );
};
