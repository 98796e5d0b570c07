import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths';
import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import type { OAuthProvider } from '../../../lib/client-config';
import { runAuthCall, type AuthFailure } from '../auth-failure';
import { AuthFailureAlert } from './auth-failure-alert';

/** Brand names, written as each company writes its own (not translated). */
const providerNames: Record<OAuthProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  linkedin: 'LinkedIn',
  slack: 'Slack',
};

/**
 * One button per social provider the deployment set up: the browser goes to the provider and
 * comes back to /login/oauth/ with a one-time code. The email typed above, if any, is the hint.
 */
export const SocialSignInButtons = ({ providers, email }: { providers: readonly OAuthProvider[]; email: string }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  const [failure, setFailure] = useState<AuthFailure | null>(null);

  const start = async (provider: OAuthProvider) => {
    if (busy) return;
    setBusy(provider);
    setFailure(null);
    const hint = email.trim() || undefined;
    const outcome = await runAuthCall(() => sdk.oauth.start(provider, `${window.location.origin}${paths.login.oauth.getHref()}`, undefined, undefined, hint), 'send-link');
    if (outcome.ok && outcome.data?.url) return window.location.assign(outcome.data.url);
    setBusy(null);
    if (!outcome.ok) setFailure(outcome.failure);
  };

  return (
    <Stack spacing={1.5} data-testid="social-sign-in">
      {failure ? <AuthFailureAlert failure={failure} /> : null}
      {providers.map((provider) => (
        <Button key={provider} variant="outlined" size="large" loading={busy === provider} disabled={busy !== null && busy !== provider} onClick={() => void start(provider)}>
          {t('login.social.continueWith', { provider: providerNames[provider] })}
        </Button>
      ))}
    </Stack>
  );
};
