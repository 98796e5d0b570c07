import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IdentityProvider, OnboardingWizard } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CopyField } from '../../../components/copy-field';
import { paths } from '../../../config/paths';
import { InstructionList } from './instruction-list';
import { NotConnectedNotice } from './not-connected-notice';
import { ScimTokenPanel } from './scim-token-panel';
import { SectionCard } from '../../../components/section-card';
import { SsoSettingsForm } from './sso-settings-form';

type ServiceProviderValue = 'acsUrl' | 'entityId' | 'signOnUrl';

// The values in the order each provider's form asks for them, labelled with that form's own field names.
const pasteValues = (t: TFunction, provider: IdentityProvider): { key: ServiceProviderValue; label: string }[] => {
  switch (provider) {
    case 'entra-id':
      return [
        { key: 'entityId', label: t('onboardingWizard.ssoProvider.values.entra-id.entityId') },
        { key: 'acsUrl', label: t('onboardingWizard.ssoProvider.values.entra-id.acsUrl') },
        { key: 'signOnUrl', label: t('onboardingWizard.ssoProvider.values.entra-id.signOnUrl') },
      ];
    case 'google-workspace':
      return [
        { key: 'acsUrl', label: t('onboardingWizard.ssoProvider.values.google-workspace.acsUrl') },
        { key: 'entityId', label: t('onboardingWizard.ssoProvider.values.google-workspace.entityId') },
        { key: 'signOnUrl', label: t('onboardingWizard.ssoProvider.values.google-workspace.signOnUrl') },
      ];
    case 'okta':
      return [
        { key: 'acsUrl', label: t('onboardingWizard.ssoProvider.values.okta.acsUrl') },
        { key: 'entityId', label: t('onboardingWizard.ssoProvider.values.okta.entityId') },
      ];
  }
};

/**
 * /onboarding/setup-sso-and-scim/<provider>/: create the app in the identity provider, paste Vigil's
 * values, enter the provider's, and issue the SCIM token.
 */
export const SsoProviderPage = ({ provider, wizard }: { provider: IdentityProvider; wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const providerName = t(`onboardingWizard.ssoChoice.providers.${provider}.name`);
  const savedForThisProvider = wizard.sso?.provider === provider;
  const needsToken = provider !== 'google-workspace';
  const canContinue = savedForThisProvider && (!needsToken || wizard.scimToken !== null);

  return (
    <Stack spacing={3}>
      <NotConnectedNotice area="scim" />
      {wizard.sso && !savedForThisProvider ? (
        <Alert severity="warning" data-testid="sso-replace-warning">
          {t('onboardingWizard.ssoProvider.replaceWarning', { provider: t(`onboardingWizard.ssoChoice.providers.${wizard.sso.provider}.name`) })}
        </Alert>
      ) : null}

      <SectionCard title={t('onboardingWizard.ssoProvider.createHeading', { provider: providerName })}>
        <InstructionList items={t(`onboardingWizard.ssoProvider.instructions.${provider}.create`, { returnObjects: true })} />
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.valuesHeading', { provider: providerName })} testId="sso-values">
        <Typography sx={{ color: 'text.secondary' }}>{t('onboardingWizard.ssoProvider.valuesIntro', { provider: providerName })}</Typography>
        {pasteValues(t, provider).map(({ key, label }) => (
          <CopyField key={key} label={label} value={wizard.serviceProvider[key]} testId={`value-${key}`} />
        ))}
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.idpHeading', { provider: providerName })}>
        <SsoSettingsForm key={provider} provider={provider} wizard={wizard} />
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.scimHeading')} testId="scim-section">
        <InstructionList items={t(`onboardingWizard.ssoProvider.instructions.${provider}.scim`, { returnObjects: true })} />
        <CopyField
          label={t(`onboardingWizard.ssoProvider.values.${provider}.scimBaseUrl`)}
          value={wizard.serviceProvider.scimBaseUrl}
          testId="value-scimBaseUrl"
        />
        <ScimTokenPanel wizard={wizard} tokenLabel={t(`onboardingWizard.ssoProvider.values.${provider}.token`)} />
      </SectionCard>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={Link} to={paths.onboarding.setupSsoAndScim.getHref()}>
          {t('onboardingWizard.common.change')}
        </Button>
        <Button
          component={Link}
          to={paths.onboarding.setupSsoAndScim.postSetupVerification.getHref()}
          variant="contained"
          disabled={!canContinue}
          data-testid="to-verification"
        >
          {t('onboardingWizard.ssoProvider.toVerification')}
        </Button>
        {canContinue ? null : (
          <Typography sx={{ color: 'text.secondary' }}>
            {needsToken ? t('onboardingWizard.ssoProvider.needsSettingsAndToken') : t('onboardingWizard.ssoProvider.needsSettings')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
};
