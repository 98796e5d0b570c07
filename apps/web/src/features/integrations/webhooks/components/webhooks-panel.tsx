import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookEndpoint, WebhookEndpointState, WebhookEndpointWithSecret } from '@vigil/contracts';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { CopyField } from '../../../../components/copy-field';
import { EmptyState } from '../../../../components/empty-state';
import { ScrollableTableContainer } from '../../../../components/scrollable-table-container';
import { SectionCard } from '../../../../components/section-card';
import { apiPaths } from '../../../../config/paths';
import { messageOf } from '../../../../lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookDeliveries, deliveryStateColor, useDateTime, useEventLabel } from './webhook-deliveries';
import { WebhookFormDialog } from './webhook-form-dialog';

const stateColor: Record<WebhookEndpointState, 'success' | 'default' | 'error'> = { active: 'success', paused: 'default', gone: 'error' };

const docsLink = <Link href={apiPaths.webhooks.docs} target="_blank" rel="noopener" />;

/** The signing secret, shown once after creation or rotation; only "Done" closes it. */
const SecretDialog = ({ shown, rotated, onDone }: { shown: WebhookEndpointWithSecret; rotated: boolean; onDone: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{rotated ? t('integrationsWebhooks.secret.rotatedTitle') : t('integrationsWebhooks.secret.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="webhook-secret-warning">
            {t('integrationsWebhooks.secret.warning')}
          </Alert>
          <CopyField label={t('integrationsWebhooks.secret.label', { name: shown.name })} value={shown.secret} testId="webhook-secret" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('integrationsWebhooks.secret.howToVerify')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('integrationsWebhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Asks before a destructive action (rotating the secret, deleting), then runs it. */
const ConfirmDialog = ({ title, body, confirm, cancel, danger, pending, error, onCancel, onConfirm }: { title: string; body: string; confirm: string; cancel: string; danger?: boolean; pending: boolean; error: unknown; onCancel: () => void; onConfirm: () => void }) => {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{body}</DialogContentText>
          {error ? <Alert severity="error">{messageOf(error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {cancel}
        </Button>
        <Button color={danger ? 'error' : 'primary'} variant="contained" loading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

type RowProps = {
  endpoint: WebhookEndpoint;
  showingLog: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
  onNotice: (notice: { severity: 'success' | 'warning'; text: string }) => void;
};

const EndpointRow = ({ endpoint, showingLog, onToggleLog, onEdit, onRotate, onDelete, onNotice }: RowProps) => {
  const { t } = useTranslation();
  const eventLabel = useEventLabel();
  const dateTime = useDateTime();
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhook();
  const last = endpoint.lastDelivery;
  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (delivery) =>
        onNotice(
          delivery.state === 'delivered'
            ? { severity: 'success', text: t('integrationsWebhooks.testResult.delivered', { name: endpoint.name, status: delivery.lastStatusCode }) }
            : { severity: 'warning', text: t('integrationsWebhooks.testResult.notDelivered', { name: endpoint.name, problem: delivery.lastError ?? `HTTP ${delivery.lastStatusCode}` }) },
        ),
      onError: (error) => onNotice({ severity: 'warning', text: messageOf(error) }),
    });
  const switchTo = (enabled: boolean) => update.mutate({ id: endpoint.id, body: { enabled } }, { onError: (error) => onNotice({ severity: 'warning', text: messageOf(error) }) });
  return (
    <TableRow data-testid="webhook-row" selected={showingLog}>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{endpoint.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {endpoint.url}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" title={endpoint.eventTypes.map(eventLabel).join(', ')}>
          {t('integrationsWebhooks.eventCount', { count: endpoint.eventTypes.length })}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" color={stateColor[endpoint.state]} label={t(`integrationsWebhooks.states.${endpoint.state}`)} />
        {endpoint.pendingDeliveries > 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('integrationsWebhooks.pending', { count: endpoint.pendingDeliveries })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {last ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" color={deliveryStateColor[last.state]} label={t(`integrationsWebhooks.deliveryStates.${last.state}`)} />
            <Typography variant="body2">
              {last.statusCode ?? t('integrationsWebhooks.lastDelivery.noAnswer')} · {dateTime(last.attemptedAt)}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('integrationsWebhooks.lastDelivery.none')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Button size="small" aria-expanded={showingLog} aria-label={showingLog ? undefined : t('integrationsWebhooks.actions.logFor', { name: endpoint.name })} onClick={onToggleLog}>
            {showingLog ? t('integrationsWebhooks.actions.hideLog') : t('integrationsWebhooks.actions.log')}
          </Button>
          {endpoint.can.sendTest ? (
            <Button size="small" loading={sendTest.isPending} aria-label={t('integrationsWebhooks.actions.testFor', { name: endpoint.name })} onClick={test}>
              {t('integrationsWebhooks.actions.test')}
            </Button>
          ) : null}
          {endpoint.can.edit ? (
            <>
              <Button size="small" aria-label={t('integrationsWebhooks.actions.editFor', { name: endpoint.name })} onClick={onEdit}>
                {t('integrationsWebhooks.actions.edit')}
              </Button>
              {endpoint.state === 'active' ? (
                <Button size="small" loading={update.isPending} aria-label={t('integrationsWebhooks.actions.pauseFor', { name: endpoint.name })} onClick={() => switchTo(false)}>
                  {t('integrationsWebhooks.actions.pause')}
                </Button>
              ) : (
                <Button size="small" loading={update.isPending} aria-label={t('integrationsWebhooks.actions.resumeFor', { name: endpoint.name })} onClick={() => switchTo(true)}>
                  {t('integrationsWebhooks.actions.resume')}
                </Button>
              )}
            </>
          ) : null}
          {endpoint.can.rotateSecret ? (
            <Button size="small" aria-label={t('integrationsWebhooks.actions.rotateFor', { name: endpoint.name })} onClick={onRotate}>
              {t('integrationsWebhooks.actions.rotate')}
            </Button>
          ) : null}
          {endpoint.can.delete ? (
            <Button size="small" color="error" aria-label={t('integrationsWebhooks.actions.deleteFor', { name: endpoint.name })} onClick={onDelete}>
              {t('integrationsWebhooks.actions.delete')}
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

type Dialogs =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; shown: WebhookEndpointWithSecret; rotated: boolean };

/**
 * /configure/integrations/webhooks/: the organisation's webhook endpoints with their state and last
 * delivery, adding and changing them, the one place a signing secret is shown (creation and
 * rotation), test events, and each endpoint's delivery log.
 */
export const WebhooksPanel = () => {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);

  if (webhooks.isPending) return <CircularProgress aria-label={t('integrationsWebhooks.loading')} />;
  if (webhooks.isError) return <Alert severity="error">{t('integrationsWebhooks.loadFailed', { message: messageOf(webhooks.error) })}</Alert>;
  const { items } = webhooks.data;
  const logEndpoint = items.find((endpoint) => endpoint.id === logOf);
  const close = () => {
    rotate.reset();
    remove.reset();
    setDialog(null);
  };

  return (
    <Stack spacing={3}>
      <SectionCard title={t('integrationsWebhooks.title')} intro={t('integrationsWebhooks.intro')} testId="webhooks">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => setDialog({ kind: 'create' })}>
            {t('integrationsWebhooks.add')}
          </Button>
          <Link href={apiPaths.webhooks.docs} target="_blank" rel="noopener">
            {t('integrationsWebhooks.docs')}
          </Link>
        </Stack>
        {notice ? (
          <Alert severity={notice.severity} role="status" onClose={() => setNotice(null)} data-testid="webhooks-notice">
            {notice.text}
          </Alert>
        ) : null}
        {items.length === 0 ? (
          <EmptyState testId="webhooks-empty">
            <Trans i18nKey="integrationsWebhooks.empty" components={{ docs: docsLink }} />
          </EmptyState>
        ) : (
          <Box>
            <ScrollableTableContainer label={t('integrationsWebhooks.title')}>
              <Table size="small" sx={{ minWidth: 960 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('integrationsWebhooks.columns.name')}</TableCell>
                    <TableCell>{t('integrationsWebhooks.columns.events')}</TableCell>
                    <TableCell>{t('integrationsWebhooks.columns.state')}</TableCell>
                    <TableCell>{t('integrationsWebhooks.columns.lastDelivery')}</TableCell>
                    <TableCell align="right">{t('integrationsWebhooks.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((endpoint) => (
                    <EndpointRow
                      key={endpoint.id}
                      endpoint={endpoint}
                      showingLog={logOf === endpoint.id}
                      onToggleLog={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}
                      onEdit={() => setDialog({ kind: 'edit', endpoint })}
                      onRotate={() => setDialog({ kind: 'rotate', endpoint })}
                      onDelete={() => setDialog({ kind: 'delete', endpoint })}
                      onNotice={setNotice}
                    />
                  ))}
                </TableBody>
              </Table>
            </ScrollableTableContainer>
          </Box>
        )}
      </SectionCard>
      {logEndpoint ? <WebhookDeliveries endpoint={logEndpoint} /> : null}

      {dialog?.kind === 'create' ? <WebhookFormDialog onClose={close} onCreated={(shown) => setDialog({ kind: 'secret', shown, rotated: false })} /> : null}
      {dialog?.kind === 'edit' ? <WebhookFormDialog endpoint={dialog.endpoint} onClose={close} onCreated={close} /> : null}
      {dialog?.kind === 'secret' ? <SecretDialog shown={dialog.shown} rotated={dialog.rotated} onDone={close} /> : null}
      {dialog?.kind === 'rotate' ? (
        <ConfirmDialog
          title={t('integrationsWebhooks.rotate.title', { name: dialog.endpoint.name })}
          body={t('integrationsWebhooks.rotate.body')}
          confirm={t('integrationsWebhooks.rotate.confirm')}
          cancel={t('integrationsWebhooks.rotate.cancel')}
          pending={rotate.isPending}
          error={rotate.error}
          onCancel={close}
          onConfirm={() => rotate.mutate(dialog.endpoint.id, { onSuccess: (shown) => setDialog({ kind: 'secret', shown, rotated: true }) })}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('integrationsWebhooks.delete.title', { name: dialog.endpoint.name })}
          body={t('integrationsWebhooks.delete.body')}
          confirm={t('integrationsWebhooks.delete.confirm')}
          cancel={t('integrationsWebhooks.delete.cancel')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(dialog.endpoint.id, {
              onSuccess: () => {
                if (logOf === dialog.endpoint.id) setLogOf(null);
                close();
              },
            })
          }
        />
      ) : null}
    </Stack>
  );
};
