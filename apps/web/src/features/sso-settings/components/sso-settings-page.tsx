import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useSsoSettings, useSsoTestResult } from '../api/sso-settings';
import { SignInPolicyForm } from './sign-in-policy-form';
import { SsoConnectionCard } from './sso-connection-card';
import { SsoConnectionDialog } from './sso-connection-dialog';
import { SsoDomains } from './sso-domains';

/**
 * /sso-settings/: the organisation's single sign-on connections (SAML and OpenID Connect, with a
 * real test sign-in each), its email domains and their proof in DNS, and its sign-in policy. A
 * test sign-in comes back here with `?sso_test=` (what the IdP said) or `?err=` (it was refused).
 */
export const SsoSettingsPage = () => {
  const { t, i18n } = useTranslation();
  const settings = useSsoSettings();
  const [params] = useSearchParams();
  const testCode = params.get('sso_test');
  const testResult = useSsoTestResult(testCode);
  const [adding, setAdding] = useState(false);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const formatDate = (iso: string) => dates.format(new Date(iso));

  if (settings.isPending) return <CircularProgress aria-label={t('ssoSettings.loading')} />;
  if (settings.isError) return <Alert severity="error">{t('ssoSettings.loadFailed', { message: messageOf(settings.error) })}</Alert>;
  const { connections, policy, domains } = settings.data;
  const tested = connections.filter((connection) => connection.enabled && connection.verifiedAt);
  const provedDomains = settings.data.domains.filter((domain) => domain.proved).map((domain) => domain.domain);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {testResult.data ? (
        <Alert severity="success" data-testid="sso-test-result">
          {t('ssoSettings.testWorked', {
            name: connections.find((connection) => connection.id === testResult.data.connectionId)?.name ?? '',
            // Names when the IdP sent them; otherwise the subject, or the email's name when the subject is the email.
            who:
              [testResult.data.givenName, testResult.data.familyName].filter(Boolean).join(' ') ||
              (testResult.data.subject !== testResult.data.email ? testResult.data.subject : testResult.data.email.split('@')[0]),
            email: testResult.data.email || testResult.data.subject,
          })}
        </Alert>
      ) : null}
      {testResult.isError ? <Alert severity="warning">{t('ssoSettings.testGone')}</Alert> : null}
      {params.get('err') ? <Alert severity="error">{t('ssoSettings.testRefused')}</Alert> : null}
      <SectionCard title={t('ssoSettings.connections.title')} intro={t('ssoSettings.connections.intro')} testId="sso-connections">
        <Stack spacing={2}>
          {connections.length ? connections.map((connection) => <SsoConnectionCard key={connection.id} connection={connection} formatDate={formatDate} provedDomains={provedDomains} />) : <EmptyState>{t('ssoSettings.connections.empty')}</EmptyState>}
          <Button variant={connections.length ? 'outlined' : 'contained'} onClick={() => setAdding(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('ssoSettings.connections.add')}
          </Button>
        </Stack>
      </SectionCard>
      <SectionCard title={t('ssoSettings.domains.title')} intro={t('ssoSettings.domains.intro')} testId="sso-domains">
        <SsoDomains domains={domains} formatDate={formatDate} />
      </SectionCard>
      <SectionCard title={t('ssoSettings.policy.title')} intro={t('ssoSettings.policy.intro')} testId="sso-policy">
        <SignInPolicyForm policy={policy} canRequireSso={tested.length > 0} />
      </SectionCard>
      {adding ? <SsoConnectionDialog onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
};
