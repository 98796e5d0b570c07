import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { verifySsoBodySchema, type OnboardingWizard, type VerifySsoBody } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { useSsoTestResult, useStartSsoTest } from '../../sso-settings/api/sso-settings';
import { onboardingWizardQueryKey } from '../api/get-onboarding-wizard';
import { useVerifySso } from '../api/verify-sso';
import { formatDay } from '../model/format';
import { useWizardFormSubmit } from '../use-wizard-form-submit';
import { ssoProviderPaths, stepHref } from '../model/steps';
import { CheckList, type Check } from './check-list';
import { FormCheckbox } from './form-fields';
import { ScimActivity } from './scim-activity';
import { WizardBackLink, WizardForm } from './wizard-form';

const dayInMs = 86_400_000;

/**
 * A real test sign-in through the identity provider: the admin signs in there as themselves and
 * comes back here with what it said (`?sso_test=`), or why it was refused (`?err=`).
 */
const TestSignIn = ({ connectionId, provider, refused }: { connectionId: string; provider: string; refused: string }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const start = useStartSsoTest('onboarding');
  const result = useSsoTestResult(params.get('sso_test'));
  const queryClient = useQueryClient();
  useEffect(() => {
    // The test marked the connection as working: the checks above read it again.
    if (result.data) void queryClient.invalidateQueries({ queryKey: onboardingWizardQueryKey });
  }, [result.data, queryClient]);
  return (
    <SectionCard title={t('onboardingWizard.verification.testHeading')} intro={t('onboardingWizard.verification.testIntro', { provider })} testId="verification-test">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {result.data ? <Alert severity="success" data-testid="sso-test-result">{t('onboardingWizard.verification.testWorked', { provider, email: result.data.email || result.data.subject })}</Alert> : null}
        {params.get('err') ? <Alert severity="error">{refused}</Alert> : null}
        {start.error ? <Alert severity="error">{messageOf(start.error)}</Alert> : null}
        <Button variant="outlined" onClick={() => start.mutate(connectionId, { onSuccess: ({ url }) => window.location.assign(url) })} loading={start.isPending}>
          {t('onboardingWizard.verification.runTest')}
        </Button>
      </Stack>
    </SectionCard>
  );
};

/** A SAML connection's signing certificate, judged against `now`: expired, expiring within 30 days, or valid. */
const certificateCheck = (t: TFunction, expiresAtIso: string, now: number, language: string, provider: string): Check => {
  const expiresAt = new Date(expiresAtIso).getTime();
  const date = formatDay(expiresAtIso, language);
  if (expiresAt <= now) return { id: 'certificate', status: 'failed', text: t('onboardingWizard.verification.certificateExpired', { date }) };
  if (expiresAt - now < 30 * dayInMs) return { id: 'certificate', status: 'warning', text: t('onboardingWizard.verification.certificateExpiresSoon', { date, provider }) };
  return { id: 'certificate', status: 'ok', text: t('onboardingWizard.verification.certificateValid', { date }) };
};

/**
 * /onboarding/setup-sso-and-scim/post-setup-verification/: what Vigil checks (the saved settings,
 * the SAML certificate or the OpenID Connect client, the SCIM token, a real test sign-in), what it
 * cannot yet (provisioning needs the SCIM endpoint of a later release), and the admin's confirmation.
 */
export const PostSetupVerification = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifySso();
  const form = useForm<VerifySsoBody>({ resolver: zodResolver(verifySsoBodySchema) });
  const { submit, failure, submitting } = useWizardFormSubmit(form, ['usersAssigned'], verify.mutateAsync, (next) => navigate(stepHref('dmi', next)));
  // The certificate's expiry is judged against the time the page opened.
  const [now] = useState(() => Date.now());
  const { sso, scimToken } = wizard;

  if (!sso) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">{t('onboardingWizard.verification.noProvider')}</Alert>
        <Button component={Link} to={paths.onboarding.setupSsoAndScim.getHref()} variant="contained">
          {t('onboardingWizard.verification.chooseProvider')}
        </Button>
      </Stack>
    );
  }

  const provider = t(`onboardingWizard.ssoChoice.providers.${sso.provider}.name`);
  // SAML signs with a certificate that expires; OpenID Connect has a client at an issuer instead.
  const credentialCheck: Check[] = sso.oidc
    ? [{ id: 'oidc-client', status: 'ok', text: t('onboardingWizard.verification.oidcClient', { issuer: sso.oidc.issuer, clientId: sso.oidc.clientId }) }]
    : sso.certificate
      ? [certificateCheck(t, sso.certificate.expiresAt, now, i18n.language, provider)]
      : [];
  const isGoogle = sso.provider === 'google-workspace';
  const checks: Check[] = [
    { id: 'settings', status: 'ok', text: t('onboardingWizard.verification.settingsSaved', { provider }) },
    ...credentialCheck,
    isGoogle
      ? { id: 'scim-token', status: 'ok', text: t('onboardingWizard.verification.tokenNotNeeded') }
      : scimToken
        ? { id: 'scim-token', status: 'ok', text: t('onboardingWizard.verification.tokenActive', { lastFour: scimToken.lastFour }) }
        : { id: 'scim-token', status: 'failed', text: t('onboardingWizard.verification.tokenMissing', { provider }) },
    sso.signInTestedAt
      ? { id: 'sign-in', status: 'ok', text: t('onboardingWizard.verification.signInTested', { provider, date: formatDay(sso.signInTestedAt, i18n.language) }) }
      : { id: 'sign-in', status: 'failed', text: t('onboardingWizard.verification.signInToTest', { provider }) },
    ...(isGoogle
      ? []
      : [
          scimToken?.lastUsedAt
            ? { id: 'provisioning', status: 'ok' as const, text: t('onboardingWizard.verification.provisioningHeard', { provider, date: formatDay(scimToken.lastUsedAt, i18n.language) }) }
            : { id: 'provisioning', status: 'pending' as const, text: t('onboardingWizard.verification.provisioningNotHeard', { provider }) },
        ]),
  ];
  const blocked = checks.some((check) => check.status === 'failed');

  return (
    <Stack spacing={3}>
      <Typography>{t('onboardingWizard.verification.intro', { provider })}</Typography>
      <SectionCard title={t('onboardingWizard.verification.checksHeading')} testId="verification-checks">
        <CheckList checks={checks} label={t('onboardingWizard.verification.checksHeading')} />
      </SectionCard>
      {!isGoogle && scimToken ? (
        <SectionCard title={t('onboardingWizard.verification.provisioningHeading')} testId="verification-provisioning">
          <ScimActivity activity={wizard.scimActivity} />
        </SectionCard>
      ) : null}
      <TestSignIn
        connectionId={sso.connectionId}
        provider={provider}
        refused={t(sso.protocol === 'oidc' ? 'onboardingWizard.verification.testRefusedOidc' : 'onboardingWizard.verification.testRefused', { provider })}
      />
      <SectionCard title={t('onboardingWizard.verification.confirmHeading')}>
        <WizardForm
          testId="verification-form"
          submitTestId="verification-confirm"
          onSubmit={submit}
          submitting={submitting}
          failure={failure}
          disabled={blocked}
          submitLabel={t('onboardingWizard.verification.confirm')}
          backLink={<WizardBackLink to={ssoProviderPaths[sso.provider]} label={t('onboardingWizard.verification.backToProvider', { provider })} />}
        >
          <FormCheckbox control={form.control} name="usersAssigned" label={t('onboardingWizard.verification.usersAssigned', { provider })} />
          {sso.verifiedAt ? <Typography sx={{ color: 'text.secondary' }}>{t('onboardingWizard.verification.verifiedOn', { date: formatDay(sso.verifiedAt, i18n.language) })}</Typography> : null}
        </WizardForm>
      </SectionCard>
    </Stack>
  );
};
