import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { entraLicenses, googleWatchtowerSettingsSchema, microsoftWatchtowerSettingsSchema, type OnboardingWizard, type WatchtowerProvider } from '@vigil/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useSaveWatchtowerGoogle } from '../api/save-watchtower-google';
import { useSaveWatchtowerMicrosoft } from '../api/save-watchtower-microsoft';
import { watchtowerProviderPaths } from '../model/steps';
import { useWizardFormSubmit } from '../use-wizard-form-submit';
import { FormCheckbox, FormRadioGroup, FormTextField } from './form-fields';
import { WizardBackLink, WizardForm } from './wizard-form';
import { IntegrationPage } from './integration-page';

const launchHref = paths.onboarding.launchInitialTesting.getHref();

/** Google Workspace or Microsoft 365: the spec has a page for each and no page to choose, so both offer the switch. */
const ProviderSwitch = ({ provider }: { provider: WatchtowerProvider }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography id="watchtower-provider-label" sx={{ fontWeight: 600 }}>
        {t('onboardingWizard.watchtower.providerLabel')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={provider}
        aria-labelledby="watchtower-provider-label"
        size="small"
        color="primary"
        onChange={(_event, next: WatchtowerProvider | null) => {
          if (next) void navigate(watchtowerProviderPaths[next]);
        }}
      >
        <ToggleButton value="google" data-testid="watchtower-switch-google">
          {t('onboardingWizard.watchtower.providers.google')}
        </ToggleButton>
        <ToggleButton value="microsoft" data-testid="watchtower-switch-microsoft">
          {t('onboardingWizard.watchtower.providers.microsoft')}
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
};

const BackToDmi = () => {
  const { t } = useTranslation();
  return <WizardBackLink to={paths.onboarding.setupDmi.getHref()} label={t('onboardingWizard.common.back')} />;
};

const GoogleWatchtower = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveWatchtowerGoogle();
  // The service account of Gmail delivery can serve here too.
  const fromDmi = wizard.dmi.googleWorkspace?.settings;
  const form = useForm({
    resolver: zodResolver(googleWatchtowerSettingsSchema),
    defaultValues: wizard.watchtower.google?.settings ?? {
      customerId: '',
      serviceAccountClientId: fromDmi?.serviceAccountClientId ?? '',
      adminEmail: fromDmi?.adminEmail ?? '',
    },
  });
  const { submit, failure, submitting } = useWizardFormSubmit(
    form,
    ['customerId', 'serviceAccountClientId', 'adminEmail', 'permissionsGranted'],
    save.mutateAsync,
    () => navigate(launchHref),
  );
  return (
    <IntegrationPage
      area="watchtower"
      header={<ProviderSwitch provider="google" />}
      intro={t('onboardingWizard.watchtower.google.intro')}
      steps={t('onboardingWizard.watchtower.google.steps', { returnObjects: true })}
      grantKind="scope"
      grants={[
        { name: 'https://www.googleapis.com/auth/admin.reports.audit.readonly', why: t('onboardingWizard.watchtower.google.scopes.reportsAudit') },
        { name: 'https://www.googleapis.com/auth/admin.directory.user.readonly', why: t('onboardingWizard.watchtower.google.scopes.directoryUserReadonly') },
      ]}
      confirmedAt={wizard.watchtower.google?.confirmedAt ?? null}
    >
      <WizardForm testId="watchtower-google-form" onSubmit={submit} submitting={submitting} failure={failure} backLink={<BackToDmi />}>
        <FormTextField
          control={form.control}
          name="customerId"
          label={t('onboardingWizard.watchtower.google.fields.customerId')}
          helperText={t('onboardingWizard.watchtower.google.fields.customerIdHelp')}
          required
        />
        <FormTextField
          control={form.control}
          name="serviceAccountClientId"
          label={t('onboardingWizard.watchtower.google.fields.serviceAccountClientId')}
          helperText={t('onboardingWizard.watchtower.google.fields.serviceAccountClientIdHelp')}
          required
        />
        <FormTextField
          control={form.control}
          name="adminEmail"
          type="email"
          label={t('onboardingWizard.watchtower.google.fields.adminEmail')}
          helperText={t('onboardingWizard.watchtower.google.fields.adminEmailHelp')}
          required
        />
        <FormCheckbox control={form.control} name="permissionsGranted" label={t('onboardingWizard.watchtower.google.fields.permissionsGranted')} />
      </WizardForm>
    </IntegrationPage>
  );
};

const MicrosoftWatchtower = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveWatchtowerMicrosoft();
  // The app registration of Exchange delivery can serve here too.
  const fromDmi = wizard.dmi.exchange?.settings;
  const form = useForm({
    resolver: zodResolver(microsoftWatchtowerSettingsSchema),
    defaultValues: wizard.watchtower.microsoft?.settings ?? { tenantId: fromDmi?.tenantId ?? '', applicationId: fromDmi?.applicationId ?? '' },
  });
  const { submit, failure, submitting } = useWizardFormSubmit(
    form,
    ['tenantId', 'applicationId', 'entraLicense', 'permissionsGranted'],
    save.mutateAsync,
    () => navigate(launchHref),
  );
  const application = t('onboardingWizard.common.application');
  const permission = (name: string, why: string) => ({ name, kind: application, why });
  return (
    <IntegrationPage
      area="watchtower"
      header={<ProviderSwitch provider="microsoft" />}
      intro={t('onboardingWizard.watchtower.microsoft.intro')}
      steps={t('onboardingWizard.watchtower.microsoft.steps', { returnObjects: true })}
      grantKind="permission"
      grants={[
        permission('AuditLog.Read.All', t('onboardingWizard.watchtower.microsoft.permissions.auditLogReadAll')),
        permission('Directory.Read.All', t('onboardingWizard.watchtower.microsoft.permissions.directoryReadAll')),
        permission('UserAuthenticationMethod.Read.All', t('onboardingWizard.watchtower.microsoft.permissions.userAuthenticationMethodReadAll')),
        permission('IdentityRiskEvent.Read.All', t('onboardingWizard.watchtower.microsoft.permissions.identityRiskEventReadAll')),
        permission('IdentityRiskyUser.Read.All', t('onboardingWizard.watchtower.microsoft.permissions.identityRiskyUserReadAll')),
      ]}
      confirmedAt={wizard.watchtower.microsoft?.confirmedAt ?? null}
    >
      <WizardForm testId="watchtower-microsoft-form" onSubmit={submit} submitting={submitting} failure={failure} backLink={<BackToDmi />}>
        <FormTextField
          control={form.control}
          name="tenantId"
          label={t('onboardingWizard.watchtower.microsoft.fields.tenantId')}
          helperText={t('onboardingWizard.watchtower.microsoft.fields.tenantIdHelp')}
          required
        />
        <FormTextField
          control={form.control}
          name="applicationId"
          label={t('onboardingWizard.watchtower.microsoft.fields.applicationId')}
          helperText={t('onboardingWizard.watchtower.microsoft.fields.applicationIdHelp')}
          required
        />
        <FormRadioGroup
          control={form.control}
          name="entraLicense"
          label={t('onboardingWizard.watchtower.microsoft.fields.entraLicense')}
          options={entraLicenses.map((license) => ({ value: license, label: t(`onboardingWizard.watchtower.microsoft.fields.licenses.${license}`) }))}
        />
        <FormCheckbox control={form.control} name="permissionsGranted" label={t('onboardingWizard.watchtower.microsoft.fields.permissionsGranted')} />
      </WizardForm>
    </IntegrationPage>
  );
};

/** /onboarding/setup-watchtower/google/ and /microsoft/. */
export const WatchtowerPage = ({ provider, wizard }: { provider: WatchtowerProvider; wizard: OnboardingWizard }) =>
  provider === 'google' ? <GoogleWatchtower key="google" wizard={wizard} /> : <MicrosoftWatchtower key="microsoft" wizard={wizard} />;
