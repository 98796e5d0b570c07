import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createCampaignBodySchema,
  type Audience,
  type Campaign,
  type CreateCampaignBody,
  type CreateCampaignInput,
  type UpdateCampaignBody,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { AudienceField } from '../../../components/audience-field';
import { paths } from '../../../config/paths';
import { messageOf } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { fromLocalInput, spreadMinutesOf, spreadOf, toLocalInput, type SpreadUnit } from '../campaign-format';
import { useLandingPageChoices, useSendingProfileChoices } from '../api/get-campaign-choices';
import { useSaveCampaign } from '../api/save-campaign';
import { TemplatePicker } from './template-picker';

const formFields = ['name', 'templateIds', 'kind', 'sendingProfileId', 'landingPageId', 'audience', 'audience.ids', 'startAt', 'spreadMinutes', 'businessHoursOnly'] as const;
type Field = 'name' | 'templateIds' | 'sendingProfileId' | 'audience' | 'spreadMinutes' | 'other';

/** The server's own words, or a sentence from the catalogue for the form's own checks. */
const errorText = (t: TFunction, error: FieldError | undefined, field: Field) => {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  switch (field) {
    case 'name':
      return error.type === 'too_big' ? t('campaigns.form.validation.tooLong') : t('campaigns.form.validation.required');
    case 'templateIds':
      return t('campaigns.form.validation.templates');
    case 'sendingProfileId':
      return t('campaigns.form.validation.sendingProfile');
    case 'audience':
      return t('campaigns.form.validation.audience');
    case 'spreadMinutes':
      return t('campaigns.form.validation.spread');
    default:
      return t('campaigns.form.validation.invalid');
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Spread = { text: string; unit: SpreadUnit };

type CampaignFormDialogProps = {
  /** The draft to edit; absent to create one. */
  campaign?: Campaign;
  onClose: () => void;
  /** Told what was saved, and whether the admin asked to launch it next. */
  onSaved: (campaign: Campaign, next: { launch: boolean }) => void;
};

/**
 * Create or edit a draft campaign, checked with the contract's schema, with the server's problems
 * on their fields: its lures, kind, sending profile, landing page, audience (with the live count)
 * and schedule. "Save and launch…" saves first, then the launch asks for confirmation.
 */
export const CampaignFormDialog = ({ campaign, onClose, onSaved }: CampaignFormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const kindLabelId = useId();
  const save = useSaveCampaign();
  const profiles = useSendingProfileChoices();
  const landingPages = useLandingPageChoices();
  const [formError, setFormError] = useState<string | null>(null);
  // Which button saved: "Save and launch…" goes on to the launch confirmation.
  const [launchAfter, setLaunchAfter] = useState(false);
  const initial: CreateCampaignInput = {
    name: campaign?.name ?? '',
    kind: campaign?.kind === 'adaptive' ? 'adaptive' : 'standard',
    templateIds: campaign?.templateIds ?? [],
    sendingProfileId: campaign?.sendingProfileId ?? '',
    landingPageId: campaign?.landingPageId ?? undefined,
    audience: (campaign?.audience as Audience | undefined) ?? { kind: 'organization' },
    startAt: campaign?.startAt ?? undefined,
    spreadMinutes: campaign?.spreadMinutes ?? 4 * 60,
    businessHoursOnly: campaign?.businessHoursOnly ?? false,
  };
  const [spread, setSpread] = useState<Spread>(() => {
    const { value, unit } = spreadOf(initial.spreadMinutes ?? 0);
    return { text: String(value), unit };
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateCampaignInput, unknown, CreateCampaignBody>({ resolver: zodResolver(createCampaignBodySchema), defaultValues: initial });

  const saveWith = (launch: boolean) => handleSubmit(async (values) => {
    setFormError(null);
    try {
      let saved: Campaign;
      if (!campaign) {
        saved = await save.mutateAsync({ body: values });
      } else {
        const changed: UpdateCampaignBody = Object.fromEntries(
          Object.entries(values).filter(([key, value]) => value !== undefined && !same(value, initial[key as keyof CreateCampaignInput])),
        );
        saved = Object.keys(changed).length ? await save.mutateAsync({ id: campaign.id, body: changed }) : campaign;
      }
      onSaved(saved, { launch });
    } catch (error) {
      if (!applyServerFieldErrors(error, formFields, setError)) setFormError(messageOf(error));
    }
  });

  const submitWith = (launch: boolean) => (event?: React.BaseSyntheticEvent) => {
    setLaunchAfter(launch);
    void saveWith(launch)(event);
  };
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const noProfiles = profiles.data !== undefined && profiles.data.length === 0;

  return (
    // The dialog's paper is the form, so its title and buttons stay put while the fields scroll.
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submitWith(false), 'data-testid': 'campaign-form' } as object }}
    >
      <DialogTitle id={titleId}>{campaign ? t('campaigns.form.editTitle', { name: campaign.name }) : t('campaigns.form.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Controller
            name="name"
            control={control}
            render={({ field: { ref, ...field } }) => (
              <TextField {...field} inputRef={ref} label={t('campaigns.form.name')} required fullWidth autoFocus={!campaign} autoComplete="off"
                error={Boolean(errors.name)} helperText={errorText(t, errors.name, 'name')} slotProps={{ htmlInput: { maxLength: 120 } }} />
            )}
          />
          <Controller
            name="templateIds"
            control={control}
            render={({ field: { ref, value, onChange, onBlur } }) => (
              <TemplatePicker value={value} onChange={onChange} onBlur={onBlur} inputRef={ref} error={errorText(t, errors.templateIds as FieldError | undefined, 'templateIds')} />
            )}
          />
          <Controller
            name="kind"
            control={control}
            render={({ field: { ref, value, onChange } }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend" id={kindLabelId}>
                  {t('campaigns.form.kind')}
                </FormLabel>
                <RadioGroup row aria-labelledby={kindLabelId} value={value} onChange={(event) => onChange(event.target.value)} ref={ref}>
                  <FormControlLabel value="standard" control={<Radio />} label={t('campaigns.kinds.standard')} />
                  <FormControlLabel value="adaptive" control={<Radio />} label={t('campaigns.kinds.adaptive')} />
                </RadioGroup>
                <FormHelperText sx={{ mx: 0 }}>{t(`campaigns.form.kindHelp.${value ?? 'standard'}`)}</FormHelperText>
              </FormControl>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="sendingProfileId"
              control={control}
              render={({ field: { ref, ...field } }) => (
                <TextField {...field} inputRef={ref} select label={t('campaigns.form.sendingProfile')} required fullWidth
                  error={Boolean(errors.sendingProfileId)} helperText={errorText(t, errors.sendingProfileId, 'sendingProfileId') ?? t('campaigns.form.sendingProfileHelp')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campaign-sending-profile' } as object } }}>
                  {(profiles.data ?? []).map((profile) => (
                    <MenuItem key={profile.id} value={profile.id}>
                      {profile.name} ({profile.fromAddress})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="landingPageId"
              control={control}
              render={({ field: { ref, value, onChange, ...field } }) => (
                <TextField {...field} inputRef={ref} select label={t('campaigns.form.landingPage')} fullWidth value={value ?? ''}
                  onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
                  error={Boolean(errors.landingPageId)} helperText={errorText(t, errors.landingPageId, 'other') ?? t('campaigns.form.landingPageHelp')}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                  <MenuItem value="">{t('campaigns.form.landingPageDefault')}</MenuItem>
                  {(landingPages.data ?? []).map((page) => (
                    <MenuItem key={page.id} value={page.id}>
                      {page.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          {noProfiles ? (
            <Alert severity="warning">
              {t('campaigns.form.noProfiles')}{' '}
              <Link component={RouterLink} to={`${paths.configure.testing.getHref()}?tab=sendingProfiles`}>
                {t('campaigns.empty.needProfileLink')}
              </Link>
            </Alert>
          ) : null}
          <Controller
            name="audience"
            control={control}
            render={({ field: { ref, value, onChange } }) => (
              <AudienceField value={value as Audience} onChange={onChange} inputRef={ref}
                error={errorText(t, (errors.audience as { ids?: FieldError } | undefined)?.ids ?? (errors.audience as FieldError | undefined), 'audience')}
                chooseText={t('campaigns.form.audienceChoose')}
                renderCount={(preview) => (
                  <Typography sx={{ fontWeight: 600 }}>
                    {t('campaigns.form.audienceCount', { count: preview.count })}
                    {preview.withoutEmail > 0 ? (
                      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
                        {t('campaigns.form.audienceWithoutEmail', { count: preview.withoutEmail })}
                      </Typography>
                    ) : null}
                  </Typography>
                )} />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Controller
              name="startAt"
              control={control}
              render={({ field: { ref, value, onChange, ...field } }) => (
                <TextField {...field} inputRef={ref} type="datetime-local" label={t('campaigns.form.startAt')} sx={{ minWidth: 240 }}
                  value={toLocalInput(value)} onChange={(event) => onChange(fromLocalInput(event.target.value))}
                  error={Boolean(errors.startAt)} helperText={errorText(t, errors.startAt, 'other') ?? t('campaigns.form.startAtHelp', { zone: timeZone })}
                  slotProps={{ inputLabel: { shrink: true } }} />
              )}
            />
            <Controller
              name="spreadMinutes"
              control={control}
              render={({ field: { ref, onChange, onBlur } }) => {
                const change = (next: Spread) => {
                  setSpread(next);
                  onChange(next.text.trim() === '' ? Number.NaN : spreadMinutesOf(Number(next.text), next.unit));
                };
                return (
                  <Stack direction="row" spacing={1} sx={{ flex: 1 }}>
                    <TextField inputRef={ref} type="number" label={t('campaigns.form.spread')} value={spread.text} onBlur={onBlur}
                      onChange={(event) => change({ ...spread, text: event.target.value })} sx={{ width: 160 }}
                      error={Boolean(errors.spreadMinutes)} helperText={errorText(t, errors.spreadMinutes, 'spreadMinutes')}
                      slotProps={{ htmlInput: { min: 0, step: 'any' } }} />
                    <TextField select label={t('campaigns.form.spreadUnit')} value={spread.unit} sx={{ width: 130 }}
                      onChange={(event) => change({ ...spread, unit: event.target.value as SpreadUnit })}>
                      <MenuItem value="hours">{t('campaigns.form.units.hours')}</MenuItem>
                      <MenuItem value="days">{t('campaigns.form.units.days')}</MenuItem>
                    </TextField>
                  </Stack>
                );
              }}
            />
          </Stack>
          <FormHelperText sx={{ mt: '0 !important', mx: 0 }}>{t('campaigns.form.spreadHelp')}</FormHelperText>
          <Controller
            name="businessHoursOnly"
            control={control}
            render={({ field: { ref, value, onChange, onBlur } }) => (
              <Box>
                <FormControlLabel
                  control={<Checkbox checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur}
                    slotProps={{ input: { ref, 'aria-describedby': `${titleId}-hours` } as object }} />}
                  label={t('campaigns.form.businessHours')}
                />
                <FormHelperText id={`${titleId}-hours`} sx={{ mt: 0, mx: 0 }}>
                  {t('campaigns.form.businessHoursHelp')}
                </FormHelperText>
              </Box>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('campaigns.form.cancel')}
        </Button>
        <Button type="submit" variant="outlined" loading={isSubmitting && !launchAfter} disabled={isSubmitting}>
          {t('campaigns.form.saveDraft')}
        </Button>
        <Button variant="contained" loading={isSubmitting && launchAfter} disabled={isSubmitting || noProfiles} onClick={() => submitWith(true)()}>
          {t('campaigns.form.saveAndLaunch')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
