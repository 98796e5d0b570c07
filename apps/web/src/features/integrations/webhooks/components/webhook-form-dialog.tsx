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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  createWebhookEndpointBodySchema,
  webhookEventGroups,
  type CreateWebhookEndpointInput,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventGroup,
  type WebhookEventType,
} from '@vigil/contracts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../../lib/api-client';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

const formFields = ['name', 'url', 'eventTypes'] as const;
const groups = Object.keys(webhookEventGroups) as WebhookEventGroup[];

type FormValues = Pick<CreateWebhookEndpointInput, 'name' | 'url' | 'eventTypes'>;

/** One group's event types as checkboxes, with a box that ticks the whole group. */
const EventGroup = ({ group, value, onChange }: { group: WebhookEventGroup; value: WebhookEventType[]; onChange: (next: WebhookEventType[]) => void }) => {
  const { t } = useTranslation();
  const types: readonly WebhookEventType[] = webhookEventGroups[group];
  const chosen = types.filter((type) => value.includes(type));
  const setGroup = (on: boolean) => onChange(on ? [...value.filter((type) => !types.includes(type)), ...types] : value.filter((type) => !types.includes(type)));
  const toggle = (type: WebhookEventType, on: boolean) => onChange(on ? [...value, type] : value.filter((other) => other !== type));
  return (
    <FormControl component="fieldset" data-testid={`webhook-group-${group}`}>
      <FormLabel component="legend">{t(`integrationsWebhooks.groups.${group}`)}</FormLabel>
      <FormControlLabel
        label={t('integrationsWebhooks.form.selectGroup', { group: t(`integrationsWebhooks.groups.${group}`) })}
        control={<Checkbox checked={chosen.length === types.length} indeterminate={chosen.length > 0 && chosen.length < types.length} onChange={(event) => setGroup(event.target.checked)} />}
      />
      <FormGroup sx={{ pl: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {types.map((type) => (
          <FormControlLabel key={type} label={t(`integrationsWebhooks.eventTypes.${type}`)} control={<Checkbox size="small" checked={value.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />} />
        ))}
      </FormGroup>
    </FormControl>
  );
};

/**
 * Adds a webhook, or changes one (`endpoint`): its name, the receiver's URL and the event types,
 * grouped as simulation, training and provisioning. A new endpoint's secret is handed to `onCreated`.
 */
export const WebhookFormDialog = ({ endpoint, onClose, onCreated }: { endpoint?: WebhookEndpoint; onClose: () => void; onCreated: (created: WebhookEndpointWithSecret) => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(createWebhookEndpointBodySchema.pick({ name: true, url: true, eventTypes: true })),
    defaultValues: { name: endpoint?.name ?? '', url: endpoint?.url ?? '', eventTypes: endpoint?.eventTypes ?? [] },
  });

  const onError = (error: unknown) => {
    if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
  };
  const submit = handleSubmit((values) => {
    setFormError(null);
    const body = { name: values.name, url: values.url, eventTypes: values.eventTypes };
    if (endpoint) update.mutate({ id: endpoint.id, body }, { onSuccess: onClose, onError });
    else create.mutate({ ...body, enabled: true }, { onSuccess: onCreated, onError });
  });
  const problem = (field: (typeof formFields)[number], fallback: string) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.type === 'server' ? error.message : fallback;
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{endpoint ? t('integrationsWebhooks.form.editTitle', { name: endpoint.name }) : t('integrationsWebhooks.form.createTitle')}</DialogTitle>
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
                  label={t('integrationsWebhooks.form.name')}
                  required
                  autoFocus
                  error={Boolean(errors.name)}
                  helperText={problem('name', t('integrationsWebhooks.form.nameProblem')) ?? t('integrationsWebhooks.form.nameHelp')}
                />
              )}
            />
            <Controller
              name="url"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  type="url"
                  label={t('integrationsWebhooks.form.url')}
                  required
                  placeholder="https://hooks.example.com/vigil"
                  error={Boolean(errors.url)}
                  helperText={problem('url', t('integrationsWebhooks.form.urlProblem')) ?? t('integrationsWebhooks.form.urlHelp')}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                />
              )}
            />
            <Controller
              name="eventTypes"
              control={control}
              render={({ field }) => (
                <FormControl component="fieldset" error={Boolean(errors.eventTypes)}>
                  <FormLabel component="legend">{t('integrationsWebhooks.form.events')}</FormLabel>
                  <Stack spacing={2} sx={{ mt: 1 }}>
                    {groups.map((group) => (
                      <EventGroup key={group} group={group} value={(field.value ?? []) as WebhookEventType[]} onChange={field.onChange} />
                    ))}
                  </Stack>
                  {errors.eventTypes ? <FormHelperText>{problem('eventTypes', t('integrationsWebhooks.form.eventsProblem'))}</FormHelperText> : null}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('integrationsWebhooks.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {endpoint ? t('integrationsWebhooks.form.save') : t('integrationsWebhooks.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
