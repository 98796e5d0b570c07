import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiKeyExpiryChoices, apiKeyScopes, createApiKeyBodySchema, type ApiKeyScope, type CreateApiKeyBody, type CreatedApiKey } from '@vigil/contracts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { CopyField } from '../../../../components/copy-field';
import { messageOf } from '../../../../lib/api-client';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { useCreateApiKey } from '../api/create-api-key';

const formFields = ['name', 'scopes', 'expiresInDays'] as const;

/** The new key's secret, with the warning that this is the only time it is shown. */
const SecretStep = ({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="api-key-secret-warning">
            {t('integrationsApiKeys.create.secretWarning')}
          </Alert>
          <CopyField label={t('integrationsApiKeys.create.secretLabel', { name: created.key.name })} value={created.secret} testId="api-key-secret" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('integrationsApiKeys.create.done')}
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * Makes an API key: its name, what it may do and how long it lives; then shows the secret once,
 * with a copy button. Closing the dialog forgets the secret for good.
 */
export const CreateApiKeyDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateApiKeyBody>({ resolver: zodResolver(createApiKeyBodySchema), defaultValues: { name: '', scopes: ['read'], expiresInDays: 90 } });

  const submit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onError: (error) => {
        if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
      },
    });
  });

  const created = create.data;
  return (
    // Once the secret shows, only "Done" closes the dialog: a stray click outside must not lose it.
    <Dialog open onClose={created || create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{created ? t('integrationsApiKeys.create.createdTitle') : t('integrationsApiKeys.create.title')}</DialogTitle>
      {created ? (
        <SecretStep created={created} onDone={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2.5}>
              {formError ? <Alert severity="error">{formError}</Alert> : null}
              <Controller
                name="name"
                control={control}
                render={({ field }) => (
                  <TextField
                    {...field}
                    label={t('integrationsApiKeys.create.name')}
                    required
                    autoFocus
                    error={Boolean(errors.name)}
                    helperText={errors.name ? (errors.name.type === 'server' ? errors.name.message : t('integrationsApiKeys.create.nameProblem')) : t('integrationsApiKeys.create.nameHelp')}
                  />
                )}
              />
              <Controller
                name="scopes"
                control={control}
                render={({ field }) => (
                  <FormControl component="fieldset" error={Boolean(errors.scopes)}>
                    <FormLabel component="legend">{t('integrationsApiKeys.create.scopes')}</FormLabel>
                    <FormGroup>
                      {apiKeyScopes.map((scope: ApiKeyScope) => (
                        <FormControlLabel
                          key={scope}
                          label={t(`integrationsApiKeys.scopes.${scope}.description`)}
                          control={
                            <Checkbox
                              checked={field.value.includes(scope)}
                              onChange={(event) => field.onChange(event.target.checked ? apiKeyScopes.filter((s) => s === scope || field.value.includes(s)) : field.value.filter((s) => s !== scope))}
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    {errors.scopes ? <FormHelperText>{errors.scopes.type === 'server' ? errors.scopes.message : t('integrationsApiKeys.create.scopesProblem')}</FormHelperText> : null}
                  </FormControl>
                )}
              />
              <Controller
                name="expiresInDays"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('integrationsApiKeys.create.expiry')}
                    value={field.value}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    error={Boolean(errors.expiresInDays)}
                    helperText={errors.expiresInDays?.message ?? t('integrationsApiKeys.create.expiryHelp')}
                  >
                    {apiKeyExpiryChoices.map((days) => (
                      <MenuItem key={days} value={days}>
                        {t(`integrationsApiKeys.create.expiryChoices.${days}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={create.isPending}>
              {t('integrationsApiKeys.create.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('integrationsApiKeys.create.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
