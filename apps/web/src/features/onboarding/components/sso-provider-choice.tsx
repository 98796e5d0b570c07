import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { identityProviders, type OnboardingWizard } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

import { ssoProviderPaths } from '../model/steps';
import { ProviderCards } from './provider-cards';

/** /onboarding/setup-sso-and-scim/: which identity provider people sign in with. */
export const SsoProviderChoice = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography>{t('onboardingWizard.ssoChoice.intro')}</Typography>
      <ProviderCards
        label={t('onboardingWizard.common.chooseProvider')}
        providers={identityProviders.map((id) => ({
          id,
          name: t(`onboardingWizard.ssoChoice.providers.${id}.name`),
          description: t(`onboardingWizard.ssoChoice.providers.${id}.description`),
          href: ssoProviderPaths[id],
          isSetUp: wizard.sso?.provider === id,
        }))}
      />
    </Stack>
  );
};
