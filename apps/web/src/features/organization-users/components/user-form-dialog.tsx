import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createOrganizationUserBodySchema,
  defaultPersonLanguage,
  emailMaxLength,
  jobTitleMaxLength,
  personNameMaxLength,
  type DirectoryManagedField,
  directoryManagedFields,
  type CreateOrganizationUserBody,
  type CreateOrganizationUserInput,
  type OrganizationUser,
  type Role,
  type UpdateOrganizationUserBody,
} from '@vigil/contracts';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { TimeZoneField } from '../../../components/time-zone-field';
import { messageOf } from '../../../lib/api-client';
import { learningLanguageOptions } from '../../../lib/languages';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateOrganizationUser } from '../api/create-organization-user';
import { useOrganizationDepartments } from '../api/get-organization-departments';
import { useOrganizationUsers } from '../api/get-organization-users';
import { useUpdateOrganizationUser } from '../api/update-organization-user';
import { fieldErrorText } from '../field-error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type ManagerOption = { id: string; name: string; email: string };

const createResolver = zodResolver(createOrganizationUserBodySchema);
/**
 * For a person a directory provisions (SCIM, Google Workspace): the fields it keeps are neither
 * checked nor sent (they cannot be changed here, and what it stored may not meet the form's rules).
 */
const managedResolver = (fields: readonly DirectoryManagedField[]) =>
  zodResolver(createOrganizationUserBodySchema.omit(Object.fromEntries(fields.map((field) => [field, true])) as Record<DirectoryManagedField, true>)) as unknown as Resolver<
    CreateOrganizationUserInput,
    unknown,
    CreateOrganizationUserBody
  >;
const directoryResolvers = { scim: managedResolver(directoryManagedFields('scim')), google: managedResolver(directoryManagedFields('google')) };

const formFields = [
  'firstName',
  'lastName',
  'email',
  'role',
  'departmentId',
  'managerId',
  'startDate',
  'jobTitle',
  'phone',
  'timeZone',
  'preferredLanguage',
] as const;

// Longer than E.164 allows, so spaces and dashes between groups fit.
const phoneInputMaxLength = 24;

/** An empty text field is no value at all. */
const orNull = (text: string) => (text.trim() ? text : null);

type UserFormDialogProps = {
  /** The person to edit; absent to add someone. */
  user?: OrganizationUser;
  /** Roles the caller may give (from the server's policy). */
  assignableRoles: Role[];
  /** The organisation's time zone, which a person without their own follows. */
  organizationTimeZone: string;
  onClose: () => void;
  onSaved: (user: OrganizationUser, created: boolean) => void;
};

const ManagerField = ({
  value,
  onChange,
  excludeId,
  error,
  disabled,
}: {
  value: ManagerOption | null;
  onChange: (option: ManagerOption | null) => void;
  excludeId?: string;
  error?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  const candidates = useOrganizationUsers({ search, status: 'active', pageSize: 10, sort: 'name' });
  const options: ManagerOption[] = (candidates.data?.items ?? [])
    .filter((person) => person.id !== excludeId)
    .map((person) => ({ id: person.id, name: `${person.firstName} ${person.lastName}`, email: person.email }));
  return (
    <Autocomplete
      value={value}
      disabled={disabled}
      onChange={(_, option) => onChange(option)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={options}
      // The server has already searched; the list shows what it found.
      filterOptions={(list) => list}
      loading={candidates.isFetching}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.name}
      noOptionsText={t('organizationUsers.form.noManagerFound')}
      loadingText={t('organizationUsers.loading')}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box>
            <Typography variant="body2">{option.name}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {option.email}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('organizationUsers.fields.manager')}
          placeholder={t('organizationUsers.form.managerPlaceholder')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'user-form-manager' } }}
        />
      )}
    />
  );
};

/** Add or edit one person. Checks with the contract's schema, then shows the server's problems on their fields. */
export const UserFormDialog = ({ user, assignableRoles, organizationTimeZone, onClose, onSaved }: UserFormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const departments = useOrganizationDepartments();
  const create = useCreateOrganizationUser();
  const update = useUpdateOrganizationUser();
  const [formError, setFormError] = useState<string | null>(null);
  const [manager, setManager] = useState<ManagerOption | null>(user?.manager ?? null);
  // Their directory keeps these; the server refuses changes to them.
  const managedFields = directoryManagedFields(user?.source);
  const kept = (field: string) => (managedFields as readonly string[]).includes(field);
  const initial: CreateOrganizationUserBody = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'User',
    departmentId: user?.department?.id ?? null,
    managerId: user?.manager?.id ?? null,
    startDate: user?.startDate ?? null,
    jobTitle: user?.jobTitle ?? null,
    phone: user?.phone ?? null,
    timeZone: user?.timeZone ?? null,
    preferredLanguage: user?.preferredLanguage ?? null,
  };
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateOrganizationUserInput, unknown, CreateOrganizationUserBody>({
    resolver: user?.source === 'scim' || user?.source === 'google' ? directoryResolvers[user.source] : createResolver,
    defaultValues: initial,
  });
  const roleLocked = user !== undefined && !user.can.changeRole;
  const roles = user && !assignableRoles.includes(user.role) ? [...assignableRoles, user.role] : assignableRoles;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (!user) {
        onSaved(await create.mutateAsync(values), true);
        return;
      }
      const changed = Object.fromEntries(
        Object.entries(values).filter(
          ([key, value]) => value !== initial[key as keyof CreateOrganizationUserBody] && !(key === 'role' && roleLocked) && !kept(key),
        ),
      ) as UpdateOrganizationUserBody;
      onSaved(Object.keys(changed).length ? await update.mutateAsync({ id: user.id, body: changed }) : user, false);
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="user-form">
        <DialogTitle id={titleId}>
          {user ? t('organizationUsers.form.editTitle', { name: `${user.firstName} ${user.lastName}` }) : t('organizationUsers.form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!user ? <Typography sx={{ color: 'text.secondary' }}>{t('organizationUsers.form.addIntro')}</Typography> : null}
            {managedFields.length ? (
              <Alert severity="info" data-testid="user-form-scim">
                {t(user?.source === 'google' ? 'organizationUsers.form.googleManaged' : 'organizationUsers.form.scimManaged')}
              </Alert>
            ) : null}
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="firstName"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    label={t('organizationUsers.fields.firstName')}
                    required
                    disabled={kept('firstName')}
                    fullWidth
                    autoFocus={!user}
                    autoComplete="off"
                    error={Boolean(errors.firstName)}
                    helperText={fieldErrorText(t, errors.firstName)}
                    slotProps={{ htmlInput: { maxLength: personNameMaxLength } }}
                  />
                )}
              />
              <Controller
                name="lastName"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    label={t('organizationUsers.fields.lastName')}
                    required
                    disabled={kept('lastName')}
                    fullWidth
                    autoComplete="off"
                    error={Boolean(errors.lastName)}
                    helperText={fieldErrorText(t, errors.lastName)}
                    slotProps={{ htmlInput: { maxLength: personNameMaxLength } }}
                  />
                )}
              />
            </Stack>
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
                  disabled={kept('email')}
                  fullWidth
                  autoComplete="off"
                  error={Boolean(errors.email)}
                  helperText={
                    fieldErrorText(t, errors.email, 'email') ??
                    (kept('email') ? undefined : user ? t('organizationUsers.form.emailChangeHint') : t('organizationUsers.form.emailHint'))
                  }
                  slotProps={{ htmlInput: { maxLength: emailMaxLength, 'data-testid': 'user-form-email' } }}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="role"
                control={control}
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label={t('organizationUsers.fields.role')}
                    fullWidth
                    disabled={roleLocked}
                    error={Boolean(errors.role)}
                    helperText={
                      fieldErrorText(t, errors.role, 'choice') ??
                      (roleLocked ? (user?.isYou ? t('organizationUsers.form.ownRoleLocked') : t('organizationUsers.form.roleLocked')) : undefined)
                    }
                  >
                    {roles.map((role) => (
                      <MenuItem key={role} value={role}>
                        {t(`organizationUsers.roles.${role}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="departmentId"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('organizationUsers.fields.department')}
                    fullWidth
                    disabled={kept('departmentId')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(errors.departmentId)}
                    helperText={fieldErrorText(t, errors.departmentId, 'choice')}
                  >
                    <MenuItem value="">
                      <em>{t('organizationUsers.form.noDepartment')}</em>
                    </MenuItem>
                    {(departments.data ?? []).map((department) => (
                      <MenuItem key={department.id} value={department.id}>
                        {department.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Box sx={{ flex: 1 }}>
                <Controller
                  name="managerId"
                  control={control}
                  render={({ field }) => (
                    <ManagerField
                      value={manager}
                      excludeId={user?.id}
                      disabled={kept('managerId')}
                      error={fieldErrorText(t, errors.managerId, 'choice')}
                      onChange={(option) => {
                        setManager(option);
                        field.onChange(option?.id ?? null);
                      }}
                    />
                  )}
                />
              </Box>
              <Controller
                name="startDate"
                control={control}
                render={({ field }) => (
                  <TextField
                    type="date"
                    label={t('organizationUsers.fields.startDate')}
                    sx={{ flex: 1 }}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(errors.startDate)}
                    helperText={fieldErrorText(t, errors.startDate, 'date')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="jobTitle"
                control={control}
                render={({ field }) => (
                  <TextField
                    label={t('organizationUsers.fields.jobTitle')}
                    sx={{ flex: 1 }}
                    disabled={kept('jobTitle')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(orNull(event.target.value))}
                    onBlur={field.onBlur}
                    autoComplete="off"
                    error={Boolean(errors.jobTitle)}
                    helperText={fieldErrorText(t, errors.jobTitle)}
                    slotProps={{ htmlInput: { maxLength: jobTitleMaxLength, 'data-testid': 'user-form-job-title' } }}
                  />
                )}
              />
              <Controller
                name="phone"
                control={control}
                render={({ field }) => (
                  <TextField
                    type="tel"
                    label={t('organizationUsers.fields.phone')}
                    sx={{ flex: 1 }}
                    disabled={kept('phone')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(orNull(event.target.value))}
                    onBlur={field.onBlur}
                    autoComplete="off"
                    error={Boolean(errors.phone)}
                    helperText={fieldErrorText(t, errors.phone, 'phone') ?? (kept('phone') ? undefined : t('organizationUsers.form.phoneHint'))}
                    slotProps={{ htmlInput: { maxLength: phoneInputMaxLength, 'data-testid': 'user-form-phone' } }}
                  />
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Box sx={{ flex: 1 }}>
                <Controller
                  name="timeZone"
                  control={control}
                  render={({ field }) =>
                    kept('timeZone') ? (
                      <TextField
                        label={t('organizationUsers.fields.timeZone')}
                        fullWidth
                        disabled
                        name={field.name}
                        value={
                          field.value
                            ? field.value.replaceAll('_', ' ')
                            : t('organizationUsers.form.timeZoneDefault', { timeZone: organizationTimeZone.replaceAll('_', ' ') })
                        }
                        error={Boolean(errors.timeZone)}
                        helperText={fieldErrorText(t, errors.timeZone, 'choice')}
                        slotProps={{ htmlInput: { 'data-testid': 'user-form-time-zone' } }}
                      />
                    ) : (
                      <TimeZoneField
                        value={field.value ?? null}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        label={t('organizationUsers.fields.timeZone')}
                        emptyLabel={t('organizationUsers.form.timeZoneDefault', { timeZone: organizationTimeZone.replaceAll('_', ' ') })}
                        noOptionsText={t('organizationUsers.form.noTimeZoneFound')}
                        error={fieldErrorText(t, errors.timeZone, 'choice')}
                        testId="user-form-time-zone"
                      />
                    )
                  }
                />
              </Box>
              <Controller
                name="preferredLanguage"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('organizationUsers.fields.preferredLanguage')}
                    sx={{ flex: 1 }}
                    disabled={kept('preferredLanguage')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(errors.preferredLanguage)}
                    helperText={fieldErrorText(t, errors.preferredLanguage, 'choice')}
                    // The empty choice says what it means: the organization's default.
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">
                      <em>{t('organizationUsers.form.languageDefault', { language: learningLanguageOptions.find((option) => option.value === defaultPersonLanguage)!.label })}</em>
                    </MenuItem>
                    {learningLanguageOptions.map((option) => (
                      <MenuItem key={option.value} value={option.value} lang={option.lang}>
                        {option.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('organizationUsers.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="user-form-submit">
            {user ? t('organizationUsers.form.save') : t('organizationUsers.form.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
