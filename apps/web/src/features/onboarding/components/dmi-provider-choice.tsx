import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingWizard } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { dmiProviderPaths } from '../model/steps';
import { NotConnectedNotice } from './not-connected-notice';
import { ProviderCards } from './provider-cards';

/** /onboarding/setup-dmi/: which email platform simulations are delivered into. */
export const DmiProviderChoice = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography>{t('onboardingWizard.dmiChoice.intro')}</Typography>
      <ProviderCards
        label={t('onboardingWizard.common.chooseProvider')}
        providers={[
          {
            id: 'exchange',
            name: t('onboardingWizard.dmiChoice.providers.exchange.name'),
            description: t('onboardingWizard.dmiChoice.providers.exchange.description'),
            href: dmiProviderPaths.exchange,
            isSetUp: wizard.dmi.exchange !== null,
          },
          {
            id: 'google-workspace',
            name: t('onboardingWizard.dmiChoice.providers.google-workspace.name'),
            description: t('onboardingWizard.dmiChoice.providers.google-workspace.description'),
            href: dmiProviderPaths['google-workspace'],
            isSetUp: wizard.dmi.googleWorkspace !== null,
          },
        ]}
      />
      <NotConnectedNotice area="dmi" />
    </Stack>
  );
};
