import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IdentityProvider, OnboardingWizard, WizardSsoProtocol } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CopyField } from '../../../components/copy-field';
import { paths } from '../../../config/paths';
import { InstructionList } from './instruction-list';
import { ScimTokenPanel } from './scim-token-panel';
import { SectionCard } from '../../../components/section-card';
import { SsoProtocolChoice } from './sso-protocol-choice';
import { SsoSettingsForm } from './sso-settings-form';

type ServiceProviderValue = 'acsUrl' | 'entityId' | 'signOnUrl' | 'redirectUri';

// The values in the order each provider's form asks for them, labelled with that form's own field names.
const pasteValues = (t: TFunction, provider: IdentityProvider, protocol: WizardSsoProtocol): { key: ServiceProviderValue; label: string }[] => {
  if (protocol === 'oidc') {
    const redirectUri = { key: 'redirectUri' as const, label: t(`onboardingWizard.ssoProvider.values.${provider}.redirectUri`) };
    // Okta alone asks where people start signing in, for the app's tile on the Okta dashboard.
    return provider === 'okta' ? [redirectUri, { key: 'signOnUrl', label: t('onboardingWizard.ssoProvider.values.okta.initiateLoginUri') }] : [redirectUri];
  }
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

/** Step 4's instructions. An Entra app registration's own enterprise application cannot provision, so OpenID Connect needs a second one. */
const scimInstructions = (t: TFunction, provider: IdentityProvider, protocol: WizardSsoProtocol): readonly string[] => {
  const steps = t(`onboardingWizard.ssoProvider.instructions.${provider}.scim`, { returnObjects: true });
  return provider === 'entra-id' && protocol === 'oidc' ? [t('onboardingWizard.ssoProvider.instructions.entra-id.scimOidcApp'), ...steps.slice(1)] : steps;
};

/**
 * /onboarding/setup-sso-and-scim/<provider>/: choose SAML or OpenID Connect, create the app in the
 * identity provider, paste Vigil's values, enter the provider's, and issue the SCIM token.
 */
export const SsoProviderPage = ({ provider, wizard }: { provider: IdentityProvider; wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const providerName = t(`onboardingWizard.ssoChoice.providers.${provider}.name`);
  const savedForThisProvider = wizard.sso?.provider === provider;
  // The page is mounted once per provider, so this starts from that provider's saved protocol.
  const [protocol, setProtocol] = useState<WizardSsoProtocol>(savedForThisProvider && wizard.sso ? wizard.sso.protocol : 'saml');
  const needsToken = provider !== 'google-workspace';
  const canContinue = savedForThisProvider && (!needsToken || wizard.scimToken !== null);

  return (
    <Stack spacing={3}>
      {wizard.sso && !savedForThisProvider ? (
        <Alert severity="warning" data-testid="sso-replace-warning">
          {t('onboardingWizard.ssoProvider.replaceWarning', { provider: t(`onboardingWizard.ssoChoice.providers.${wizard.sso.provider}.name`) })}
        </Alert>
      ) : null}

      <SsoProtocolChoice value={protocol} onChange={setProtocol} providerName={providerName} />

      <SectionCard title={t('onboardingWizard.ssoProvider.createHeading', { provider: providerName })}>
        <InstructionList
          testId="sso-create-instructions"
          items={t(`onboardingWizard.ssoProvider.instructions.${provider}.${protocol === 'oidc' ? 'createOidc' : 'create'}`, { returnObjects: true })}
        />
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.valuesHeading', { provider: providerName })} testId="sso-values">
        <Typography sx={{ color: 'text.secondary' }}>{t('onboardingWizard.ssoProvider.valuesIntro', { provider: providerName })}</Typography>
        {pasteValues(t, provider, protocol).map(({ key, label }) => (
          <CopyField key={key} label={label} value={wizard.serviceProvider[key]} testId={`value-${key}`} />
        ))}
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.idpHeading', { provider: providerName })}>
        <SsoSettingsForm key={provider} provider={provider} protocol={protocol} wizard={wizard} />
      </SectionCard>

      <SectionCard title={t('onboardingWizard.ssoProvider.scimHeading')} testId="scim-section">
        <InstructionList items={scimInstructions(t, provider, protocol)} />
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
