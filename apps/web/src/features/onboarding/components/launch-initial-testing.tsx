import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { initialTestingDurations, launchInitialTestingBodySchema, type OnboardingWizard } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { onboardingWizardQueryKey } from '../api/get-onboarding-wizard';
import { useLaunchInitialTesting } from '../api/launch-initial-testing';
import { formatDay, localToday } from '../model/format';
import { stepHref, type StepId } from '../model/steps';
import { useWizardFormSubmit } from '../use-wizard-form-submit';
import { CheckList, type Check } from './check-list';
import { FormRadioGroup, FormTextField } from './form-fields';
import { WizardForm } from './wizard-form';
import { SectionCard } from '../../../components/section-card';

const Finished = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const launch = wizard.initialTesting;
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" ref={headingRef} tabIndex={-1} data-testid="onboarding-complete" sx={{ width: '100%' }}>
        <AlertTitle>{t('onboardingWizard.launch.launchedTitle')}</AlertTitle>
        {launch ? t('onboardingWizard.launch.launched', { date: formatDay(launch.startsOn, i18n.language), count: launch.durationDays }) : null}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" onClick={() => void navigate(paths.home.getHref())} data-testid="go-to-vigil">
          {t('onboardingWizard.launch.goToVigil')}
        </Button>
        <Button variant="outlined" size="large" component={Link} to={paths.insights.initialTesting.getHref()}>
          {t('onboardingWizard.launch.seeResults')}
        </Button>
      </Stack>
    </Stack>
  );
};

/** /onboarding/launch-initial-testing/: what was set up, the baseline test's plan, and the launch that completes onboarding. */
export const LaunchInitialTesting = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t, i18n } = useTranslation();
  const launch = useLaunchInitialTesting();
  const queryClient = useQueryClient();
  // A profile archived since the page loaded: the server refuses (409), and the reloaded wizard shows what to set up.
  const launchOrExplain = async (body: Parameters<typeof launch.mutateAsync>[0]) => {
    try {
      return await launch.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: onboardingWizardQueryKey });
      throw error;
    }
  };
  const form = useForm({
    resolver: zodResolver(launchInitialTestingBodySchema),
    defaultValues: { startsOn: wizard.initialTesting?.startsOn ?? localToday(), durationDays: 14 as const },
  });
  const { submit, failure, submitting } = useWizardFormSubmit(form, ['startsOn', 'durationDays'], launchOrExplain, () => undefined);

  if (wizard.isOnboarded && wizard.initialTesting) return <Finished wizard={wizard} />;

  // "Google Workspace and Microsoft 365", in the reader's language.
  const providerList = (names: (string | false)[]) => {
    const named = names.filter((name): name is string => Boolean(name));
    return named.length > 0 ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(named) : null;
  };
  const dmiProviders = providerList([
    wizard.dmi.exchange !== null && t('onboardingWizard.dmiChoice.providers.exchange.name'),
    wizard.dmi.googleWorkspace !== null && t('onboardingWizard.dmiChoice.providers.google-workspace.name'),
  ]);
  const watchtowerProviders = providerList([
    wizard.watchtower.google !== null && t('onboardingWizard.watchtower.providers.google'),
    wizard.watchtower.microsoft !== null && t('onboardingWizard.watchtower.providers.microsoft'),
  ]);
  const sso = wizard.sso;
  // A step can be marked done with nothing recorded in this wizard (the demo's organisations, or
  // PATCH /api/organization/onboarding/): each line still says, in a full sentence, what is known.
  const scimDone = wizard.scimToken
    ? t('onboardingWizard.launch.summary.scim', { lastFour: wizard.scimToken.lastFour })
    : sso?.provider === 'google-workspace'
      ? t('onboardingWizard.launch.summary.scimGoogle')
      : t('onboardingWizard.launch.summary.scimUnrecorded');
  const check = (id: StepId, text: string, missingText: string): Check & { id: StepId } =>
    wizard.steps[id] ? { id, status: 'ok', text } : { id, status: 'failed', text: missingText };
  const checks = [
    check(
      'sso',
      sso
        ? t('onboardingWizard.launch.summary.sso', { provider: t(`onboardingWizard.ssoChoice.providers.${sso.provider}.name`) })
        : t('onboardingWizard.launch.summary.ssoUnrecorded'),
      t('onboardingWizard.launch.summary.ssoMissing'),
    ),
    check('scim', scimDone, t('onboardingWizard.launch.summary.scimMissing')),
    check(
      'dmi',
      dmiProviders ? t('onboardingWizard.launch.summary.dmi', { providers: dmiProviders }) : t('onboardingWizard.launch.summary.dmiUnrecorded'),
      t('onboardingWizard.launch.summary.dmiMissing'),
    ),
    check(
      'watchtower',
      watchtowerProviders
        ? t('onboardingWizard.launch.summary.watchtower', { providers: watchtowerProviders })
        : t('onboardingWizard.launch.summary.watchtowerUnrecorded'),
      t('onboardingWizard.launch.summary.watchtowerMissing'),
    ),
  ];
  const missing = checks.filter((item) => item.status === 'failed');

  return (
    <Stack spacing={3}>
      <Typography>{t('onboardingWizard.launch.intro')}</Typography>
      <SectionCard title={t('onboardingWizard.launch.summaryHeading')} testId="launch-summary">
        <CheckList
          checks={checks}
          label={t('onboardingWizard.launch.summaryHeading')}
          statusLabels={{ ok: t('onboardingWizard.launch.statusDone'), failed: t('onboardingWizard.launch.statusNotDone') }}
        />
        {missing.length > 0 ? (
          <Alert severity="warning">
            {t('onboardingWizard.launch.missingSteps')}{' '}
            {missing.map((item, index) => (
              <span key={item.id}>
                {index > 0 ? ', ' : null}
                <MuiLink component={Link} to={stepHref(item.id, wizard)}>
                  {t(`onboardingWizard.stepper.steps.${item.id}`)}
                </MuiLink>
              </span>
            ))}
          </Alert>
        ) : null}
      </SectionCard>
      {wizard.sendingProfileName ? null : (
        <Alert severity="warning" data-testid="sending-profile-missing">
          <AlertTitle>{t('onboardingWizard.launch.sendingProfileMissingTitle')}</AlertTitle>
          <Typography sx={{ mb: 1 }}>{t('onboardingWizard.launch.sendingProfileMissing')}</Typography>
          <MuiLink component={Link} to={`${paths.configure.testing.getHref()}?tab=sendingProfiles`}>
            {t('onboardingWizard.launch.sendingProfileLink')}
          </MuiLink>
        </Alert>
      )}
      <SectionCard title={t('onboardingWizard.launch.planHeading')}>
        <WizardForm
          testId="launch-form"
          onSubmit={submit}
          submitting={submitting}
          disabled={missing.length > 0 || !wizard.sendingProfileName}
          failure={failure}
          submitLabel={t('onboardingWizard.launch.launch')}
          submittingLabel={t('onboardingWizard.launch.launching')}
        >
          <FormTextField control={form.control} name="startsOn" type="date" label={t('onboardingWizard.launch.startsOn')} helperText={t('onboardingWizard.launch.startsOnHelp')} required />
          <FormRadioGroup
            control={form.control}
            name="durationDays"
            label={t('onboardingWizard.launch.duration')}
            options={initialTestingDurations.map((days) => ({ value: String(days), label: t('onboardingWizard.launch.durationOption', { count: days }) }))}
            parse={Number}
          />
          <Typography data-testid="launch-audience">{t('onboardingWizard.launch.audience', { count: wizard.activePeople })}</Typography>
          {wizard.sendingProfileName ? (
            <Typography data-testid="launch-sending-profile">{t('onboardingWizard.launch.sendingProfile', { name: wizard.sendingProfileName })}</Typography>
          ) : null}
        </WizardForm>
      </SectionCard>
    </Stack>
  );
};
