import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { signInPolicyMethods, type SignInPolicy, type SignInPolicyMethod } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveSignInPolicy } from '../api/sso-settings';

/**
 * The organisation's sign-in policy, which the authentication provider enforces at every sign-in:
 * single sign-on required (admins keep their password for when the identity provider is down),
 * two-step verification required, and which other ways in stay open.
 */
export const SignInPolicyForm = ({ policy, canRequireSso }: { policy: SignInPolicy; canRequireSso: boolean }) => {
  const { t } = useTranslation();
  const save = useSaveSignInPolicy();
  const [draft, setDraft] = useState(policy);
  const [saved, setSaved] = useState(false);
  const ids = useId();
  const problems = readServerFieldErrors(save.error);
  const problemOf = (field: string) => problems.find((issue) => issue.field === field)?.problem;
  const toggleMethod = (method: SignInPolicyMethod, on: boolean) =>
    setDraft({ ...draft, allowedMethods: on ? [...draft.allowedMethods, method] : draft.allowedMethods.filter((m) => m !== method) });
  const submit = () => {
    setSaved(false);
    save.mutate(draft, { onSuccess: () => setSaved(true) });
  };

  return (
    <Stack spacing={2} data-testid="sign-in-policy">
      {saved ? <Alert severity="success">{t('ssoSettings.policy.saved')}</Alert> : null}
      {save.error && !problems.length ? <Alert severity="error">{messageOf(save.error)}</Alert> : null}
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={draft.requireSso}
              onChange={(event) => setDraft({ ...draft, requireSso: event.target.checked })}
              disabled={!canRequireSso && !draft.requireSso}
              slotProps={{ input: { 'aria-describedby': `${ids}-sso` } }}
            />
          }
          label={t('ssoSettings.policy.requireSso')}
        />
        <FormHelperText id={`${ids}-sso`} error={Boolean(problemOf('requireSso'))}>{problemOf('requireSso') ?? (canRequireSso ? t('ssoSettings.policy.requireSsoNote') : t('ssoSettings.policy.requireSsoNeedsTest'))}</FormHelperText>
      </div>
      <div>
        <FormControlLabel
          control={<Switch checked={draft.requireMfa} onChange={(event) => setDraft({ ...draft, requireMfa: event.target.checked })} slotProps={{ input: { 'aria-describedby': `${ids}-mfa` } }} />}
          label={t('ssoSettings.policy.requireMfa')}
        />
        <FormHelperText id={`${ids}-mfa`}>{t('ssoSettings.policy.requireMfaNote')}</FormHelperText>
      </div>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }} disabled={draft.requireSso}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('ssoSettings.policy.methods')}
        </Typography>
        <FormGroup>
          {signInPolicyMethods.map((method) => (
            <FormControlLabel
              key={method}
              control={<Checkbox checked={draft.allowedMethods.includes(method)} onChange={(event) => toggleMethod(method, event.target.checked)} disabled={draft.requireSso} />}
              label={t(`ssoSettings.policy.method.${method}`)}
            />
          ))}
        </FormGroup>
        <FormHelperText error={Boolean(problemOf('allowedMethods'))}>{problemOf('allowedMethods') ?? (draft.requireSso ? t('ssoSettings.policy.methodsWithSso') : t('ssoSettings.policy.methodsNote'))}</FormHelperText>
      </fieldset>
      <Button variant="contained" onClick={submit} loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('ssoSettings.policy.save')}
      </Button>
    </Stack>
  );
};
