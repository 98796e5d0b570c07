import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { OnboardingProgressContext } from '../../features/onboarding/onboarding-progress';
import { useRefreshPersonalUserData } from '../../features/people/api/get-personal-user-data';
import { PageError } from '../../features/shell/components/page-error';

// The router loads a route's module before the shell's guard decides; the wizard itself loads only
// when it is shown, so someone sent on elsewhere (no session, onboarded) does not wait for it.
const OnboardingWizardView = lazy(async () => ({
  default: (await import('../../features/onboarding/components/onboarding-wizard')).OnboardingWizardView,
}));

// /onboarding/ and its set-up steps; the side navigation is absent here.
export const Component = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The shell's guard reads the onboarding flags from the personal record: refresh it whenever a step
  // is recorded, so the finished admin is let into the product.
  const refreshPersonalRecord = useRefreshPersonalUserData();
  return (
    <OnboardingProgressContext value={refreshPersonalRecord}>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label={t('onboardingWizard.loading')} />
          </Box>
        }
      >
        <OnboardingWizardView pathname={pathname} />
      </Suspense>
    </OnboardingProgressContext>
  );
};

export const ErrorBoundary = PageError;
