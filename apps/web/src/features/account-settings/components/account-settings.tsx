import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../../../components/section-card';
import { messageOf } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth/auth-hooks';
import { useAccountProfile } from '../api/get-account-profile';
import { LoginHistory } from './login-history';
import { PasswordChangeForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsList } from './sessions-list';
import { TwoStepVerification } from './two-step-verification';

type AccountSettingsProps = {
  /** Told after the name changed, so the page can refresh the user menu. */
  onProfileChanged?: () => void;
};

/** /account-settings/: the signed-in person's profile, password, two-step verification, sessions and sign-in history. */
export const AccountSettings = ({ onProfileChanged }: AccountSettingsProps) => {
  const { t } = useTranslation();
  const profile = useAccountProfile();
  const { user } = useUser();
  const loginId = user?.loginIds[0] ?? profile.data?.email;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <SectionCard testId="account-profile" title={t('accountSettings.profile.section')} intro={t('accountSettings.profile.intro')}>
        {profile.isPending ? <CircularProgress aria-label={t('accountSettings.loading')} /> : null}
        {profile.isError ? (
          <Alert severity="error">
            {t('accountSettings.loadFailed', { message: messageOf(profile.error) })}
          </Alert>
        ) : null}
        {profile.data ? <ProfileForm profile={profile.data} onChanged={onProfileChanged} /> : null}
      </SectionCard>
      <SectionCard testId="account-password" title={t('accountSettings.password.section')}>
        <PasswordChangeForm loginId={loginId} />
      </SectionCard>
      <SectionCard testId="account-two-step" title={t('accountSettings.twoStep.section')} intro={t('accountSettings.twoStep.intro')}>
        <TwoStepVerification loginId={loginId} />
      </SectionCard>
      <SectionCard testId="account-sessions" title={t('accountSettings.sessions.section')} intro={t('accountSettings.sessions.intro')}>
        <SessionsList />
      </SectionCard>
      <SectionCard testId="account-history" title={t('accountSettings.history.section')} intro={t('accountSettings.history.intro')}>
        <LoginHistory />
      </SectionCard>
    </Stack>
  );
};
