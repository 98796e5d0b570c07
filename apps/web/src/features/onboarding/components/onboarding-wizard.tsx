import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { OnboardingWizard } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useOnboardingWizard } from '../api/get-onboarding-wizard';
import { stepsOfPath } from '../model/steps';
import { DmiExchangePage } from './dmi-exchange-page';
import { DmiGoogleWorkspacePage } from './dmi-google-workspace-page';
import { DmiProviderChoice } from './dmi-provider-choice';
import { LaunchInitialTesting } from './launch-initial-testing';
import { OnboardingStepper } from './onboarding-stepper';
import { PostSetupVerification } from './post-setup-verification';
import { SsoProviderChoice } from './sso-provider-choice';
import { SsoProviderPage } from './sso-provider-page';
import { WatchtowerPage } from './watchtower-page';
import { WelcomePage } from './welcome-page';

const onboarding = paths.onboarding;

const pageAt = (path: string, wizard: OnboardingWizard): ReactNode => {
  switch (path) {
    case onboarding.path:
      return <WelcomePage wizard={wizard} />;
    case onboarding.setupSsoAndScim.path:
      return <SsoProviderChoice wizard={wizard} />;
    case onboarding.setupSsoAndScim.entraId.path:
      return <SsoProviderPage key="entra-id" provider="entra-id" wizard={wizard} />;
    case onboarding.setupSsoAndScim.googleWorkspace.path:
      return <SsoProviderPage key="google-workspace" provider="google-workspace" wizard={wizard} />;
    case onboarding.setupSsoAndScim.okta.path:
      return <SsoProviderPage key="okta" provider="okta" wizard={wizard} />;
    case onboarding.setupSsoAndScim.postSetupVerification.path:
      return <PostSetupVerification wizard={wizard} />;
    case onboarding.setupDmi.path:
      return <DmiProviderChoice wizard={wizard} />;
    case onboarding.setupDmi.exchange.path:
      return <DmiExchangePage wizard={wizard} />;
    case onboarding.setupDmi.googleWorkspace.path:
      return <DmiGoogleWorkspacePage wizard={wizard} />;
    case onboarding.setupWatchtower.google.path:
      return <WatchtowerPage provider="google" wizard={wizard} />;
    case onboarding.setupWatchtower.microsoft.path:
      return <WatchtowerPage provider="microsoft" wizard={wizard} />;
    case onboarding.launchInitialTesting.path:
      return <LaunchInitialTesting wizard={wizard} />;
    default:
      return null;
  }
};

/**
 * The onboarding wizard at one of its paths (spec §2): the five steps, then that page. Only admins
 * can set up; anyone else sent here (§4) learns that their administrator is doing it.
 */
export const OnboardingWizardView = ({ pathname }: { pathname: string }) => {
  const { t } = useTranslation();
  const query = useOnboardingWizard();
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;

  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('onboardingWizard.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'FORBIDDEN') {
      return (
        <Alert severity="info" data-testid="onboarding-not-admin">
          <AlertTitle>{t('onboardingWizard.notAdmin.title')}</AlertTitle>
          {t('onboardingWizard.notAdmin.body')}
        </Alert>
      );
    }
    return (
      <Alert severity="error" data-testid="onboarding-load-failed">
        {t('onboardingWizard.loadFailed')}
      </Alert>
    );
  }

  const wizard = query.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }} data-testid="onboarding-wizard">
      {path === onboarding.path ? null : <OnboardingStepper wizard={wizard} activeSteps={stepsOfPath(path)} />}
      {pageAt(path, wizard)}
    </Stack>
  );
};
