import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  emailMaxLength,
  inviteOrganizationAdminBodySchema,
  personNameMaxLength,
  type AdminRole,
  type InviteOrganizationAdminBody,
  type InviteOrganizationAdminResult,
} from '@vigil/contracts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useInviteOrganizationAdmin } from '../api/invite-organization-admin';
import { fieldErrorText } from '../field-error-text';

type InviteInput = z.input<typeof inviteOrganizationAdminBodySchema>;
const formFields = ['email', 'firstName', 'lastName', 'role'] as const;

type AdminInviteDialogProps = {
  assignableRoles: AdminRole[];
  onClose: () => void;
  onInvited: (result: InviteOrganizationAdminResult) => void;
};

/** Makes someone an admin by email: promotes them if they are a user already, adds them if not. */
export const AdminInviteDialog = ({ assignableRoles, onClose, onInvited }: AdminInviteDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const roleLabelId = useId();
  const invite = useInviteOrganizationAdmin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteOrganizationAdminBody>({
    resolver: zodResolver(inviteOrganizationAdminBodySchema),
    defaultValues: { email: '', role: 'Admin' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="admin-invite-form">
        <DialogTitle id={titleId}>{t('organizationUsers.admins.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('organizationUsers.admins.inviteIntro')}</Typography>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Controller
              name="email"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  type="email"
                  label={t('organizationUsers.fields.email')}
                  required
                  autoFocus
                  autoComplete="off"
                  error={Boolean(errors.email)}
                  helperText={fieldErrorText(t, errors.email, 'email')}
                  slotProps={{ htmlInput: { maxLength: emailMaxLength, 'data-testid': 'admin-invite-email' } }}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['firstName', 'lastName'] as const).map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field: { ref, ...field } }) => (
                    <TextField
                      {...field}
                      inputRef={ref}
                      value={field.value ?? ''}
                      // Left empty, the name is not sent (the person may be a user already).
                      onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}
                      label={t(`organizationUsers.fields.${name}`)}
                      fullWidth
                      autoComplete="off"
                      error={Boolean(errors[name])}
                      helperText={fieldErrorText(t, errors[name]) ?? t('organizationUsers.admins.namesHint')}
                      slotProps={{ htmlInput: { maxLength: personNameMaxLength } }}
                    />
                  )}
                />
              ))}
            </Stack>
            <Controller
              name="role"
              control={control}
              render={({ field }) => (
                <FormControl error={Boolean(errors.role)}>
                  <FormLabel id={roleLabelId}>{t('organizationUsers.fields.role')}</FormLabel>
                  <RadioGroup aria-labelledby={roleLabelId} name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                    {assignableRoles.map((role) => (
                      <FormControlLabel
                        key={role}
                        value={role}
                        control={<Radio />}
                        label={
                          <Box>
                            <Typography>{t(`organizationUsers.roles.${role}`)}</Typography>
                            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                              {t(`organizationUsers.admins.roleHelp.${role}`)}
                            </Typography>
                          </Box>
                        }
                        sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                      />
                    ))}
                  </RadioGroup>
                  {errors.role ? <FormHelperText>{fieldErrorText(t, errors.role, 'choice')}</FormHelperText> : null}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('organizationUsers.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="admin-invite-submit">
            {t('organizationUsers.admins.invite')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
