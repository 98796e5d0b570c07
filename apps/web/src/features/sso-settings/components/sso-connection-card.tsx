import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SsoConnection } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../components/copy-field';
import { messageOf } from '../../../lib/api-client';
import { useDeleteSsoConnection, useSaveSsoConnection, useStartSsoTest } from '../api/sso-settings';
import { SsoConnectionDialog } from './sso-connection-dialog';

/** A certificate this close to its end needs the admin now: the IdP's next one must be added before it. */
const warnDays = 30;

/**
 * One connection: whether it is on and proven, what the identity provider needs from us (entity
 * id, ACS URL, metadata URL, or the redirect URI), certificates and their expiry, and the actions.
 */
export const SsoConnectionCard = ({ connection, formatDate, provedDomains }: { connection: SsoConnection; formatDate: (iso: string) => string; /** The organisation's proved email domains. */ provedDomains: readonly string[] }) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const save = useSaveSsoConnection();
  const remove = useDeleteSsoConnection();
  const test = useStartSsoTest();
  const status = !connection.enabled ? 'off' : connection.verifiedAt ? 'tested' : 'untested';
  const problem = save.error ?? remove.error ?? test.error;

  const startTest = () => test.mutate(connection.id, { onSuccess: ({ url }) => window.location.assign(url) });

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="sso-connection">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h3" sx={{ mr: 1 }}>
            {connection.name}
          </Typography>
          <Chip size="small" label={connection.protocol === 'saml' ? 'SAML 2.0' : 'OpenID Connect'} />
          <Chip
            size="small"
            color={status === 'tested' ? 'success' : status === 'off' ? 'default' : 'warning'}
            label={status === 'tested' ? t('ssoSettings.card.tested', { date: formatDate(connection.verifiedAt!) }) : t(`ssoSettings.card.${status}`)}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {connection.domains.length ? t('ssoSettings.card.domains', { domains: connection.domains.join(', ') }) : t('ssoSettings.card.noDomains')}
        </Typography>
        {problem ? <Alert severity="error">{messageOf(problem)}</Alert> : null}
        {connection.enabled && connection.jitProvisioning && !connection.domains.some((domain) => provedDomains.includes(domain)) ? (
          <Alert severity="warning" data-testid="sso-jit-needs-proof">
            {t('ssoSettings.card.jitNeedsProof')}
          </Alert>
        ) : null}
        {connection.saml?.certificates.map((certificate) =>
          certificate.expiresInDays < warnDays ? (
            <Alert key={certificate.fingerprintSha256} severity={certificate.expiresInDays < 0 ? 'error' : 'warning'}>
              {certificate.expiresInDays < 0 ? t('ssoSettings.card.certificateExpired', { date: formatDate(certificate.validTo) }) : t('ssoSettings.card.certificateExpiring', { count: certificate.expiresInDays, date: formatDate(certificate.validTo) })}
            </Alert>
          ) : (
            <Typography key={certificate.fingerprintSha256} variant="body2" color="text.secondary">
              {t('ssoSettings.card.certificateValid', { date: formatDate(certificate.validTo) })}
            </Typography>
          ),
        )}
        <Box component="section" aria-label={t('ssoSettings.card.forIdp')}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1.5 }}>
            {t('ssoSettings.card.forIdp')}
          </Typography>
          <Stack spacing={1.5}>
            {connection.protocol === 'saml' ? (
              <>
                <CopyField label={t('ssoSettings.card.entityId')} value={connection.serviceProvider.entityId} />
                <CopyField label={t('ssoSettings.card.acsUrl')} value={connection.serviceProvider.acsUrl} testId="sso-acs-url" />
                <CopyField label={t('ssoSettings.card.metadataUrl')} value={connection.serviceProvider.metadataUrl} helperText={t('ssoSettings.card.metadataUrlNote')} />
              </>
            ) : (
              <CopyField label={t('ssoSettings.card.redirectUri')} value={connection.serviceProvider.redirectUri} testId="sso-redirect-uri" />
            )}
          </Stack>
        </Box>
        {confirmingRemoval ? (
          <Alert
            severity="warning"
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" size="small" onClick={() => remove.mutate(connection.id)} loading={remove.isPending}>
                  {t('ssoSettings.card.remove')}
                </Button>
                <Button color="inherit" size="small" onClick={() => setConfirmingRemoval(false)}>
                  {t('ssoSettings.cancel')}
                </Button>
              </Stack>
            }
          >
            {t('ssoSettings.card.removeQuestion', { name: connection.name })}
          </Alert>
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={startTest} loading={test.isPending}>
              {t('ssoSettings.card.test')}
            </Button>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t('ssoSettings.card.edit')}
            </Button>
            <Button onClick={() => save.mutate({ id: connection.id, body: { enabled: !connection.enabled } })} loading={save.isPending}>
              {connection.enabled ? t('ssoSettings.card.turnOff') : t('ssoSettings.card.turnOn')}
            </Button>
            <Button color="error" onClick={() => setConfirmingRemoval(true)}>
              {t('ssoSettings.card.remove')}
            </Button>
          </Stack>
        )}
      </Stack>
      {editing ? <SsoConnectionDialog connection={connection} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
};
