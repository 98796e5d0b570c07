import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { createPhishingProgrammeBodySchema, programmeCadences, type CreatePhishingProgrammeBody, type CreatePhishingProgrammeInput, type PhishingProgramme } from '@vigil/contracts';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { ChoicesField } from '../../../components/choices-field';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useProgrammeDepartmentChoices, useProgrammeProfileChoices, useProgrammeTemplateChoices } from '../api/get-programme-choices';
import { useSaveProgramme } from '../api/save-programme';

const formFields = ['name', 'cadence', 'departmentIds', 'adaptive', 'templateIds', 'sendingProfileId', 'businessHoursOnly', 'active'] as const;

type ProgrammeFormDialogProps = { programme?: PhishingProgramme; onClose: () => void };

/** Add or edit a recurring programme, checked with the contract's schema, the server's problems on their fields. */
export const ProgrammeFormDialog = ({ programme, onClose }: ProgrammeFormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveProgramme();
  const departments = useProgrammeDepartmentChoices();
  const templates = useProgrammeTemplateChoices();
  const profiles = useProgrammeProfileChoices();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<CreatePhishingProgrammeInput, unknown, CreatePhishingProgrammeBody>({
    resolver: zodResolver(createPhishingProgrammeBodySchema),
    defaultValues: {
      name: programme?.name ?? '',
      cadence: programme?.cadence ?? 'monthly',
      departmentIds: programme?.departmentIds ?? [],
      adaptive: programme?.adaptive ?? true,
      templateIds: programme?.templateIds ?? [],
      sendingProfileId: programme?.sendingProfileId ?? '',
      businessHoursOnly: programme?.businessHoursOnly ?? true,
      active: programme?.active ?? true,
    },
  });
  const adaptive = useWatch({ control, name: 'adaptive' });
  const problem = (field: (typeof formFields)[number]) => {
    const error = formState.errors[field];
    if (!error) return undefined;
    return error.type === 'server' || field === 'templateIds' ? error.message : t('phishingProgrammes.form.invalid');
  };

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(programme ? { id: programme.id, body } : { body });
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{programme ? t('phishingProgrammes.form.editTitle', { name: programme.name }) : t('phishingProgrammes.form.addTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Controller
              name="name"
              control={control}
              render={({ field }) => <TextField {...field} label={t('phishingProgrammes.form.name')} required error={Boolean(problem('name'))} helperText={problem('name')} />}
            />
            <Controller
              name="cadence"
              control={control}
              render={({ field }) => (
                <TextField {...field} select label={t('phishingProgrammes.form.cadence')} helperText={t('phishingProgrammes.form.cadenceHelp')}>
                  {programmeCadences.map((cadence) => (
                    <MenuItem key={cadence} value={cadence}>
                      {t(`phishingProgrammes.cadence.${cadence}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="departmentIds"
              control={control}
              render={({ field }) => (
                <ChoicesField
                  label={t('phishingProgrammes.form.departments')}
                  options={departments.data}
                  loading={departments.isPending}
                  value={field.value}
                  onChange={field.onChange}
                  error={problem('departmentIds')}
                  helperText={t('phishingProgrammes.form.departmentsHelp')}
                />
              )}
            />
            <Controller
              name="adaptive"
              control={control}
              render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />} label={t('phishingProgrammes.form.adaptive')} />}
            />
            <Controller
              name="templateIds"
              control={control}
              render={({ field }) => (
                <ChoicesField
                  label={t('phishingProgrammes.form.templates')}
                  options={templates.data}
                  loading={templates.isPending}
                  value={field.value}
                  onChange={field.onChange}
                  error={problem('templateIds')}
                  helperText={adaptive ? t('phishingProgrammes.form.templatesAdaptiveHelp') : t('phishingProgrammes.form.templatesFixedHelp')}
                />
              )}
            />
            <Controller
              name="sendingProfileId"
              control={control}
              render={({ field }) => (
                <TextField {...field} select required label={t('phishingProgrammes.form.sendingProfile')} error={Boolean(problem('sendingProfileId'))} helperText={problem('sendingProfileId') ?? (profiles.data?.length === 0 ? t('phishingProgrammes.form.noProfile') : undefined)}>
                  {(profiles.data ?? []).map((profile) => (
                    <MenuItem key={profile.id} value={profile.id}>
                      {profile.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="businessHoursOnly"
              control={control}
              render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />} label={t('phishingProgrammes.form.businessHours')} />}
            />
            <Controller
              name="active"
              control={control}
              render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />} label={t('phishingProgrammes.form.active')} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('phishingProgrammes.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('phishingProgrammes.form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
