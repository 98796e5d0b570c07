import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveSsoSettingsBodySchema,
  type IdentityProvider,
  type OnboardingWizard,
  type SaveSsoSettingsInput,
  type WizardSsoProtocol,
} from '@vigil/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveSsoSettings } from '../api/save-sso-settings';
import { formatDay } from '../model/format';
import { FormTextField } from './form-fields';

const samlFields = ['idpSsoUrl', 'idpEntityId', 'idpMetadataUrl', 'idpCertificate'] as const;
const oidcFields = ['oidcIssuer', 'oidcClientId', 'oidcClientSecret'] as const;
const fields = [...samlFields, ...oidcFields] as const;
type Field = (typeof fields)[number];

/** What the form holds: both protocols' fields, so switching between them keeps what was typed. */
type SsoFormValues = Record<Field, string>;

/** Google has one issuer for every organization. */
const googleIssuer = 'https://accounts.google.com';

const savedConnection = (provider: IdentityProvider, wizard: OnboardingWizard) => (wizard.sso?.provider === provider ? wizard.sso : null);

const savedValues = (provider: IdentityProvider, wizard: OnboardingWizard): SsoFormValues => {
  const saved = savedConnection(provider, wizard);
  return {
    idpSsoUrl: saved?.idpSsoUrl ?? '',
    idpEntityId: saved?.idpEntityId ?? '',
    idpMetadataUrl: saved?.idpMetadataUrl ?? '',
    idpCertificate: saved?.idpCertificate ?? '',
    oidcIssuer: saved?.oidc?.issuer ?? (provider === 'google-workspace' ? googleIssuer : ''),
    oidcClientId: saved?.oidc?.clientId ?? '',
    // Write-only: the server never gives it back.
    oidcClientSecret: '',
  };
};

/** The request body: the chosen protocol's fields only, and no client secret when none was typed (the kept one stays). */
const bodyOf = (provider: IdentityProvider, protocol: WizardSsoProtocol, values: SsoFormValues): SaveSsoSettingsInput =>
  protocol === 'oidc'
    ? {
        provider,
        protocol,
        oidcIssuer: values.oidcIssuer,
        oidcClientId: values.oidcClientId,
        ...(values.oidcClientSecret ? { oidcClientSecret: values.oidcClientSecret } : {}),
      }
    : {
        provider,
        protocol,
        idpSsoUrl: values.idpSsoUrl,
        idpEntityId: values.idpEntityId,
        idpMetadataUrl: values.idpMetadataUrl,
        idpCertificate: values.idpCertificate,
      };

/**
 * The contract's checks on the body the form would send, and the server's rule for the client
 * secret: it may be left out only while a secret is kept for that very client at that very issuer.
 */
const formSchema = (provider: IdentityProvider, protocol: WizardSsoProtocol, kept: { issuer: string; clientId: string } | null) =>
  z
    .object({
      idpSsoUrl: z.string(),
      idpEntityId: z.string(),
      idpMetadataUrl: z.string(),
      idpCertificate: z.string(),
      oidcIssuer: z.string(),
      oidcClientId: z.string(),
      oidcClientSecret: z.string(),
    } satisfies Record<Field, z.ZodString>)
    .transform((values) => bodyOf(provider, protocol, values))
    .pipe(
      saveSsoSettingsBodySchema.superRefine((body, context) => {
        const sameClient = kept !== null && body.oidcClientId === kept.clientId && body.oidcIssuer?.replace(/\/+$/, '') === kept.issuer;
        if (body.protocol === 'oidc' && !body.oidcClientSecret && !sameClient) {
          context.addIssue({ code: 'custom', path: ['oidcClientSecret'], message: 'is required' });
        }
      }),
    );

type SsoSettingsFormProps = { provider: IdentityProvider; protocol: WizardSsoProtocol; wizard: OnboardingWizard };

/** Step 3 of a provider page: what the identity provider shows for the chosen protocol, entered here and checked by the server. */
export const SsoSettingsForm = ({ provider, protocol, wizard }: SsoSettingsFormProps) => {
  const { t, i18n } = useTranslation();
  const save = useSaveSsoSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const saved = savedConnection(provider, wizard);
  const kept = saved?.protocol === 'oidc' && saved.oidc?.clientSecretSet ? saved.oidc : null;
  const clientIdWithSecret = kept?.clientId ?? null;
  const schema = formSchema(provider, protocol, kept);
  // The form keeps its own values (the fields are bound to them); the body is made from them on submit.
  const form = useForm({ resolver: zodResolver(schema, undefined, { raw: true }), defaultValues: savedValues(provider, wizard) });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The resolver has just checked these values: this only makes the trimmed body.
      const next = await save.mutateAsync(schema.parse(values));
      form.reset(savedValues(provider, next));
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, form.setError)) {
        setFailure(t('onboardingWizard.common.failed', { message: messageOf(error) }));
      }
    }
  });

  const label = (field: Field) => t(`onboardingWizard.ssoProvider.fields.${provider}.${field}`);
  const help = (field: Field) => t(`onboardingWizard.ssoProvider.fields.${provider}.${field}Help`);
  // The saved settings are the ones on screen: this protocol's, unchanged since.
  const showSaved = saved !== null && saved.protocol === protocol && !form.formState.isDirty;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} data-testid="sso-settings-form">
      {protocol === 'oidc' ? (
        <>
          <FormTextField control={form.control} name="oidcIssuer" label={label('oidcIssuer')} helperText={help('oidcIssuer')} required />
          <FormTextField control={form.control} name="oidcClientId" label={label('oidcClientId')} helperText={help('oidcClientId')} required />
          <FormTextField
            control={form.control}
            name="oidcClientSecret"
            label={label('oidcClientSecret')}
            helperText={
              clientIdWithSecret
                ? t('onboardingWizard.ssoProvider.oidcClientSecretKept', { clientId: clientIdWithSecret })
                : help('oidcClientSecret')
            }
            type="password"
            autoComplete="off"
            required={!clientIdWithSecret}
          />
        </>
      ) : (
        <>
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
        </>
      )}
      {showSaved && saved.oidc ? (
        <Alert severity="success" role="status" data-testid="sso-saved" sx={{ overflowWrap: 'anywhere' }}>
          {t('onboardingWizard.ssoProvider.oidcSaved', { issuer: saved.oidc.issuer, clientId: saved.oidc.clientId })}
        </Alert>
      ) : showSaved && saved.certificate ? (
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
