import { zodResolver } from '@hookform/resolvers/zod';
import { exchangeDmiSettingsSchema, type OnboardingWizard } from '@vigil/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useSaveDmiExchange } from '../api/save-dmi-exchange';
import { stepHref } from '../model/steps';
import { useWizardFormSubmit } from '../use-wizard-form-submit';
import { FormCheckbox, FormTextField } from './form-fields';
import { WizardBackLink, WizardForm } from './wizard-form';
import { IntegrationPage } from './integration-page';

/** /onboarding/setup-dmi/exchange/: the Entra app registration that delivers into Exchange Online. */
export const DmiExchangePage = ({ wizard }: { wizard: OnboardingWizard }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDmiExchange();
  const form = useForm({ resolver: zodResolver(exchangeDmiSettingsSchema), defaultValues: wizard.dmi.exchange?.settings ?? { tenantId: '', applicationId: '' } });
  const { submit, failure, submitting } = useWizardFormSubmit(form, ['tenantId', 'applicationId', 'permissionsGranted'], save.mutateAsync, (next) =>
    navigate(stepHref('watchtower', next)),
  );
  const application = t('onboardingWizard.common.application');
  return (
    <IntegrationPage
      area="dmi"
      intro={t('onboardingWizard.dmiExchange.intro')}
      steps={t('onboardingWizard.dmiExchange.steps', { returnObjects: true })}
      grantKind="permission"
      grants={[
        { name: 'Mail.ReadWrite', kind: application, why: t('onboardingWizard.dmiExchange.permissions.mailReadWrite') },
        { name: 'User.Read.All', kind: application, why: t('onboardingWizard.dmiExchange.permissions.userReadAll') },
      ]}
      confirmedAt={wizard.dmi.exchange?.confirmedAt ?? null}
    >
      <WizardForm
        testId="dmi-exchange-form"
        onSubmit={submit}
        submitting={submitting}
        failure={failure}
        backLink={<WizardBackLink to={paths.onboarding.setupDmi.getHref()} label={t('onboardingWizard.common.change')} />}
      >
        <FormTextField control={form.control} name="tenantId" label={t('onboardingWizard.dmiExchange.fields.tenantId')} helperText={t('onboardingWizard.dmiExchange.fields.tenantIdHelp')} required />
        <FormTextField
          control={form.control}
          name="applicationId"
          label={t('onboardingWizard.dmiExchange.fields.applicationId')}
          helperText={t('onboardingWizard.dmiExchange.fields.applicationIdHelp')}
          required
        />
        <FormCheckbox control={form.control} name="permissionsGranted" label={t('onboardingWizard.dmiExchange.fields.permissionsGranted')} />
      </WizardForm>
    </IntegrationPage>
  );
};
