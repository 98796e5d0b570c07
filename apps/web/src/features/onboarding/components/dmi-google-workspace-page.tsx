import { zodResolver } from '@hookform/resolvers/zod';
import { googleDmiSettingsSchema, type OnboardingWizard } from '@vigil/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useSaveDmiGoogleWorkspace } from '../api/save-dmi-google-workspace';
import { stepHref } from '../model/steps';
import { useWizardFormSubmit } from '../use-wizard-form-submit';
import { FormCheckbox, FormTextField } from './form-fields';
import { WizardBackLink, WizardForm } from './wizard-form';
import { IntegrationPage } from './integration-page';

/** /onboarding/setup-dmi/google-workspace/: the service account that inserts into Gmail. */
export const DmiGoogleWorkspacePage = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDmiGoogleWorkspace();
  const form = useForm({
    resolver: zodResolver(googleDmiSettingsSchema),
    defaultValues: wizard.dmi.googleWorkspace?.settings ?? { serviceAccountClientId: '', serviceAccountEmail: '', adminEmail: '' },
  });
  const { submit, failure, submitting } = useWizardFormSubmit(
    form,
    ['serviceAccountClientId', 'serviceAccountEmail', 'adminEmail', 'permissionsGranted'],
    save.mutateAsync,
    (next) => navigate(stepHref('watchtower', next)),
  );
  return (
    <IntegrationPage
      area="dmi"
      intro={t('onboardingWizard.dmiGoogle.intro')}
      steps={t('onboardingWizard.dmiGoogle.steps', { returnObjects: true })}
      grantKind="scope"
      grants={[
        { name: 'https://www.googleapis.com/auth/gmail.insert', why: t('onboardingWizard.dmiGoogle.scopes.gmailInsert') },
        { name: 'https://www.googleapis.com/auth/admin.directory.user.readonly', why: t('onboardingWizard.dmiGoogle.scopes.directoryUserReadonly') },
      ]}
      confirmedAt={wizard.dmi.googleWorkspace?.confirmedAt ?? null}
    >
      <WizardForm
        testId="dmi-google-form"
        onSubmit={submit}
        submitting={submitting}
        failure={failure}
        backLink={<WizardBackLink to={paths.onboarding.setupDmi.getHref()} label={t('onboardingWizard.common.change')} />}
      >
        <FormTextField
          control={form.control}
          name="serviceAccountClientId"
          label={t('onboardingWizard.dmiGoogle.fields.serviceAccountClientId')}
          helperText={t('onboardingWizard.dmiGoogle.fields.serviceAccountClientIdHelp')}
          required
        />
        <FormTextField
          control={form.control}
          name="serviceAccountEmail"
          label={t('onboardingWizard.dmiGoogle.fields.serviceAccountEmail')}
          helperText={t('onboardingWizard.dmiGoogle.fields.serviceAccountEmailHelp')}
          required
        />
        <FormTextField
          control={form.control}
          name="adminEmail"
          type="email"
          label={t('onboardingWizard.dmiGoogle.fields.adminEmail')}
          helperText={t('onboardingWizard.dmiGoogle.fields.adminEmailHelp')}
          required
        />
        <FormCheckbox control={form.control} name="permissionsGranted" label={t('onboardingWizard.dmiGoogle.fields.permissionsGranted')} />
      </WizardForm>
    </IntegrationPage>
  );
};
