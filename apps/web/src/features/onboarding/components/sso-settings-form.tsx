import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveSsoSettingsBodySchema,
  type IdentityProvider,
  type OnboardingWizard,
  type SaveSsoSettingsBody,
  type SaveSsoSettingsInput,
} from '@vigil/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveSsoSettings } from '../api/save-sso-settings';
import { formatDay } from '../model/format';
import { FormTextField } from './form-fields';

const fields = ['idpSsoUrl', 'idpEntityId', 'idpMetadataUrl', 'idpCertificate'] as const;

const savedValues = (provider: IdentityProvider, wizard: OnboardingWizard): SaveSsoSettingsInput => {
  const saved = wizard.sso?.provider === provider ? wizard.sso : null;
  return {
    provider,
    idpSsoUrl: saved?.idpSsoUrl ?? '',
    idpEntityId: saved?.idpEntityId ?? '',
    idpMetadataUrl: saved?.idpMetadataUrl ?? '',
    idpCertificate: saved?.idpCertificate ?? '',
  };
};

/** Step 3 of a provider page: what the identity provider shows, entered here and checked by the server. */
export const SsoSettingsForm = ({ provider, wizard }: { provider: IdentityProvider; wizard: OnboardingWizard }) => {
  const { t, i18n } = useTranslation();
  const save = useSaveSsoSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SaveSsoSettingsInput, unknown, SaveSsoSettingsBody>({
    resolver: zodResolver(saveSsoSettingsBodySchema),
    defaultValues: savedValues(provider, wizard),
  });
  const saved = wizard.sso?.provider === provider ? wizard.sso : null;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const next = await save.mutateAsync(body);
      form.reset(savedValues(provider, next));
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, form.setError)) {
        setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
      }
    }
  });

  const label = (field: (typeof fields)[number]) => t(`onboardingWizard.ssoProvider.fields.${provider}.${field}`);
  const help = (field: (typeof fields)[number]) => t(`onboardingWizard.ssoProvider.fields.${provider}.${field}Help`);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} data-testid="sso-settings-form">
      <FormTextField control={form.control} name="idpSsoUrl" label={label('idpSsoUrl')} helperText={help('idpSsoUrl')} required />
      <FormTextField control={form.control} name="idpEntityId" label={label('idpEntityId')} helperText={help('idpEntityId')} required />
      {provider === 'google-workspace' ? null : (
        <FormTextField
          control={form.control}
          name="idpMetadataUrl"
          label={`${label('idpMetadataUrl')} (${t('onboardingWizard.common.optional')})`}
          helperText={help('idpMetadataUrl')}
        />
      )}
      <FormTextField
        control={form.control}
        name="idpCertificate"
        label={label('idpCertificate')}
        helperText={help('idpCertificate')}
        multiline
        minRows={5}
        maxRows={10}
        required
        placeholder="-----BEGIN CERTIFICATE-----"
      />
      {saved && !form.formState.isDirty ? (
        <Alert severity="success" role="status" data-testid="sso-saved" sx={{ overflowWrap: 'anywhere' }}>
          {t('onboardingWizard.ssoProvider.certificateSaved', {
            subject: saved.certificate.subject,
            date: formatDay(saved.certificate.expiresAt, i18n.language),
            fingerprint: saved.certificate.fingerprintSha256,
          })}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="sso-save">
          {form.formState.isSubmitting ? t('onboardingWizard.common.saving') : t('onboardingWizard.common.save')}
        </Button>
      </div>
    </Stack>
  );
};
