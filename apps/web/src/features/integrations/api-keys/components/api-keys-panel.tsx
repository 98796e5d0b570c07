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
import type { ApiKey, ApiKeyState } from '@vigil/contracts';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { EmptyState } from '../../../../components/empty-state';
import { ScrollableTableContainer } from '../../../../components/scrollable-table-container';
import { SectionCard } from '../../../../components/section-card';
import { apiPaths } from '../../../../config/paths';
import { messageOf } from '../../../../lib/api-client';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { relativeTime } from '../relative-time';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const stateColor: Record<ApiKeyState, 'success' | 'default' | 'error'> = { active: 'success', expired: 'default', revoked: 'error' };

const docsLink = <Link href={apiPaths.apiKeys.docs} target="_blank" rel="noopener" />;

const RevokeDialog = ({ apiKey, onClose, onRevoked }: { apiKey: ApiKey; onClose: () => void; onRevoked: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const revoke = useRevokeApiKey();
  return (
    <Dialog open onClose={revoke.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('integrationsApiKeys.revoke.title', { name: apiKey.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('integrationsApiKeys.revoke.body', { hint: apiKey.hint })}</DialogContentText>
          {revoke.error ? <Alert severity="error">{messageOf(revoke.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={revoke.isPending}>
          {t('integrationsApiKeys.revoke.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: onRevoked })}>
          {t('integrationsApiKeys.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const KeyRow = ({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) => {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <TableRow data-testid="api-key-row">
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{apiKey.name}</Typography>
        {apiKey.createdBy ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('integrationsApiKeys.createdBy', { name: apiKey.createdBy.name || apiKey.createdBy.email, date: date(apiKey.createdAt) })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={t(`integrationsApiKeys.scopes.${scope}.label`)} />
          ))}
        </Stack>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{apiKey.hint}</TableCell>
      <TableCell>{date(apiKey.expiresAt)}</TableCell>
      <TableCell>{apiKey.lastUsedAt ? relativeTime(apiKey.lastUsedAt, i18n.language) : t('integrationsApiKeys.neverUsed')}</TableCell>
      <TableCell>
        <Chip size="small" color={stateColor[apiKey.state]} label={t(`integrationsApiKeys.states.${apiKey.state}`)} />
      </TableCell>
      <TableCell align="right">
        {apiKey.can.revoke ? (
          <Button size="small" color="error" aria-label={t('integrationsApiKeys.revoke.action', { name: apiKey.name })} onClick={() => onRevoke(apiKey)}>
            {t('integrationsApiKeys.revoke.button')}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
};

/**
 * /configure/integrations/api-keys/: the organisation's keys to the public REST API, with the one
 * place a key's secret is ever shown (its creation) and revocation.
 */
export const ApiKeysPanel = () => {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (keys.isPending) return <CircularProgress aria-label={t('integrationsApiKeys.loading')} />;
  if (keys.isError) return <Alert severity="error">{t('integrationsApiKeys.loadFailed', { message: messageOf(keys.error) })}</Alert>;
  const { items, can } = keys.data;

  return (
    <SectionCard title={t('integrationsApiKeys.title')} intro={t('integrationsApiKeys.intro')} testId="api-keys">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {can.create ? (
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('integrationsApiKeys.create.open')}
          </Button>
        ) : null}
        <Link href={apiPaths.apiKeys.docs} target="_blank" rel="noopener">
          {t('integrationsApiKeys.docs')}
        </Link>
      </Stack>
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)} data-testid="api-keys-notice">
          {notice}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <EmptyState testId="api-keys-empty">
          <Trans i18nKey="integrationsApiKeys.empty" components={{ docs: docsLink }} />
        </EmptyState>
      ) : (
        <Box>
          <ScrollableTableContainer label={t('integrationsApiKeys.title')}>
            <Table size="small" sx={{ minWidth: 820 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('integrationsApiKeys.columns.name')}</TableCell>
                  <TableCell>{t('integrationsApiKeys.columns.scopes')}</TableCell>
                  <TableCell>{t('integrationsApiKeys.columns.key')}</TableCell>
                  <TableCell>{t('integrationsApiKeys.columns.expires')}</TableCell>
                  <TableCell>{t('integrationsApiKeys.columns.lastUsed')}</TableCell>
                  <TableCell>{t('integrationsApiKeys.columns.state')}</TableCell>
                  <TableCell align="right">{t('integrationsApiKeys.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
                ))}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
        </Box>
      )}
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? (
        <RevokeDialog
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null);
            setNotice(t('integrationsApiKeys.revoke.done', { name: revoking.name }));
          }}
        />
      ) : null}
    </SectionCard>
  );
};
