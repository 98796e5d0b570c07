import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { CreateSsoConnectionBody, SsoConnection, SsoProtocol } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveSsoConnection } from '../api/sso-settings';

type SamlSource = 'xml' | 'url' | 'manual';

type SsoConnectionDialogProps = {
  /** The connection to change; a new one when absent. */
  connection?: SsoConnection;
  onClose: () => void;
};

/**
 * Adding (or changing) a connection: SAML from the IdP's metadata (pasted, or its https address)
 * or by hand, or OpenID Connect with an issuer, client id and secret. The secret is write-only:
 * left empty on a change, the stored one stays.
 */
export const SsoConnectionDialog = ({ connection, onClose }: SsoConnectionDialogProps) => {
  const { t } = useTranslation();
  const save = useSaveSsoConnection();
  const [protocol, setProtocol] = useState<SsoProtocol>(connection?.protocol ?? 'saml');
  const [name, setName] = useState(connection?.name ?? '');
  const [domains, setDomains] = useState(connection?.domains.join(', ') ?? '');
  const [jitProvisioning, setJitProvisioning] = useState(connection?.jitProvisioning ?? false);
  const [source, setSource] = useState<SamlSource>(connection ? 'manual' : 'xml');
  const [metadataXml, setMetadataXml] = useState('');
  const [metadataUrl, setMetadataUrl] = useState('');
  const [idpEntityId, setIdpEntityId] = useState(connection?.saml?.idpEntityId ?? '');
  const [idpSsoUrl, setIdpSsoUrl] = useState(connection?.saml?.idpSsoUrl ?? '');
  const [certificate, setCertificate] = useState('');
  const [issuer, setIssuer] = useState(connection?.oidc?.issuer ?? '');
  const [clientId, setClientId] = useState(connection?.oidc?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const problems = readServerFieldErrors(save.error);
  const problemOf = (field: string) => problems.find((issue) => issue.field === field || issue.field.startsWith(`${field}.`) || issue.field.startsWith(`${field}[`))?.problem;
  const unplaced = save.error && !problems.length ? messageOf(save.error) : undefined;

  const saml = () => {
    if (source === 'xml') return { metadataXml };
    if (source === 'url') return { metadataUrl };
    return { ...(idpEntityId ? { idpEntityId } : {}), ...(idpSsoUrl ? { idpSsoUrl } : {}), ...(certificate ? { certificate } : {}) };
  };
  const submit = () => {
    const domainList = domains.split(/[\s,;]+/).filter(Boolean);
    const body: CreateSsoConnectionBody = {
      name,
      protocol,
      domains: domainList,
      jitProvisioning,
      ...(protocol === 'saml' ? { saml: saml() } : { oidc: { issuer, clientId, ...(clientSecret ? { clientSecret } : {}) } }),
    };
    const { protocol: _protocol, ...change } = body;
    save.mutate({ id: connection?.id, body: connection ? change : body }, { onSuccess: onClose });
  };
  const field = (label: string, value: string, onChange: (value: string) => void, problem: string | undefined, { helperText, ...extra }: Record<string, unknown> & { helperText?: string } = {}) => (
    <TextField label={label} value={value} onChange={(event) => onChange(event.target.value)} error={Boolean(problem)} helperText={problem ?? helperText} fullWidth {...extra} />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sso-connection-title">
      <DialogTitle id="sso-connection-title">{connection ? t('ssoSettings.dialog.editTitle') : t('ssoSettings.dialog.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {unplaced ? <Alert severity="error">{unplaced}</Alert> : null}
          {field(t('ssoSettings.dialog.name'), name, setName, problemOf('name'), { helperText: t('ssoSettings.dialog.nameNote') })}
          {connection ? null : (
            <RadioGroup row value={protocol} onChange={(event) => setProtocol(event.target.value as SsoProtocol)} aria-label={t('ssoSettings.dialog.protocol')}>
              <FormControlLabel value="saml" control={<Radio />} label="SAML 2.0" />
              <FormControlLabel value="oidc" control={<Radio />} label="OpenID Connect" />
            </RadioGroup>
          )}
          {field(t('ssoSettings.dialog.domains'), domains, setDomains, problemOf('domains'), { helperText: t('ssoSettings.dialog.domainsNote') })}
          <div>
            <FormControlLabel
              control={<Switch checked={jitProvisioning} onChange={(event) => setJitProvisioning(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'sso-jit-note' } }} />}
              label={t('ssoSettings.dialog.jitProvisioning')}
            />
            <FormHelperText id="sso-jit-note" sx={{ mt: 0 }}>
              {t('ssoSettings.dialog.jitProvisioningNote')} {t('ssoSettings.domains.jitProvedOnly')}
            </FormHelperText>
          </div>
          {protocol === 'saml' ? (
            <>
              <Tabs value={source} onChange={(_, value: SamlSource) => setSource(value)} aria-label={t('ssoSettings.dialog.samlSource')} variant="fullWidth">
                <Tab value="xml" label={t('ssoSettings.dialog.sourceXml')} />
                <Tab value="url" label={t('ssoSettings.dialog.sourceUrl')} />
                <Tab value="manual" label={t('ssoSettings.dialog.sourceManual')} />
              </Tabs>
              {source === 'xml' ? field(t('ssoSettings.dialog.metadataXml'), metadataXml, setMetadataXml, problemOf('saml.metadataXml'), { multiline: true, minRows: 4, maxRows: 10, helperText: t('ssoSettings.dialog.metadataXmlNote') }) : null}
              {source === 'url' ? field(t('ssoSettings.dialog.metadataUrl'), metadataUrl, setMetadataUrl, problemOf('saml.metadataUrl'), { helperText: t('ssoSettings.dialog.metadataUrlNote') }) : null}
              {source === 'manual' ? (
                <>
                  {field(t('ssoSettings.dialog.idpEntityId'), idpEntityId, setIdpEntityId, problemOf('saml.idpEntityId'))}
                  {field(t('ssoSettings.dialog.idpSsoUrl'), idpSsoUrl, setIdpSsoUrl, problemOf('saml.idpSsoUrl'))}
                  {field(t('ssoSettings.dialog.certificate'), certificate, setCertificate, problemOf('saml.certificate'), {
                    multiline: true,
                    minRows: 4,
                    helperText: connection ? t('ssoSettings.dialog.certificateKeep') : t('ssoSettings.dialog.certificateNote'),
                  })}
                </>
              ) : null}
            </>
          ) : (
            <>
              {field(t('ssoSettings.dialog.issuer'), issuer, setIssuer, problemOf('oidc.issuer'), { helperText: t('ssoSettings.dialog.issuerNote') })}
              {field(t('ssoSettings.dialog.clientId'), clientId, setClientId, problemOf('oidc.clientId'))}
              {field(t('ssoSettings.dialog.clientSecret'), clientSecret, setClientSecret, problemOf('oidc.clientSecret'), {
                type: 'password',
                autoComplete: 'off',
                helperText: connection?.oidc?.clientSecretSet ? t('ssoSettings.dialog.clientSecretKeep') : t('ssoSettings.dialog.clientSecretNote'),
              })}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ssoSettings.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {connection ? t('ssoSettings.dialog.save') : t('ssoSettings.dialog.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
