import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuthSdk } from '../../../lib/auth/auth-hooks';
import type { AuthMethod, OAuthProvider } from '../../../lib/client-config';
import { getOfferedSignInMethods } from '../sign-in-methods';
import { SocialSignInButtons } from './social-sign-in-buttons';

const tabId = (method: AuthMethod) => `sign-in-tab-${method}`;
const panelId = (method: AuthMethod) => `sign-in-panel-${method}`;

/**
 * The sign-in methods the server announced and this app has screens for, as tabs when more than
 * one; passkeys, single sign-on and each social provider are offered below them.
 */
export const SignIn = ({ methods, socialProviders = [] }: { methods: readonly AuthMethod[]; socialProviders?: readonly OAuthProvider[] }) => {
  const { t } = useTranslation();
  const sdk = useAuthSdk();
  const offered = getOfferedSignInMethods(methods);
  // The SDK remembers who signed in last on this device (cleared again by logout).
  const [email, setEmail] = useState(() => sdk.getLastUserLoginId() || '');
  const [selected, setSelected] = useState<AuthMethod | undefined>((offered.find((method) => method.placement === 'tab') ?? offered[0])?.id);

  const tabs = offered.filter((method) => method.placement === 'tab');
  const alternatives = offered.filter((method) => method.placement === 'alternative');
  const social = methods.includes('oauth') ? socialProviders : [];
  const current = offered.find((method) => method.id === selected) ?? tabs[0] ?? offered[0];
  if (!current) {
    return (
      <Alert severity="warning" sx={{ width: '100%', textAlign: 'left' }}>
        {t('login.noMethods')}
      </Alert>
    );
  }
  const { Form } = current;
  const hasTabs = tabs.length > 1 || (tabs.length === 1 && alternatives.length > 0);
  const onTab = current.placement === 'tab';
  // All methods stay in view (scrolling tabs hid Password behind an arrow): they share the width,
  // and a label wraps onto two lines on a narrow phone rather than disappearing.

  return (
    <Stack spacing={3} sx={{ width: '100%', textAlign: 'left' }}>
      {hasTabs ? (
        <Tabs
          value={onTab ? current.id : false}
          onChange={(_, value: AuthMethod) => setSelected(value)}
          aria-label={t('login.methodsLabel')}
          variant="fullWidth"
        >
          {tabs.map((method) => (
            <Tab
              key={method.id}
              value={method.id}
              label={t(method.labelKey)}
              id={tabId(method.id)}
              aria-controls={panelId(method.id)}
              sx={{ minWidth: 0, px: { xs: 0.5, sm: 1 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' }, lineHeight: 1.25 }}
            />
          ))}
        </Tabs>
      ) : null}
      {/* No aria-labelledby on the panel: named "Password", it would be a second match for the
          password field's label (in tests and for voice control). The tab points here by aria-controls. */}
      <Box role={hasTabs && onTab ? 'tabpanel' : undefined} id={hasTabs && onTab ? panelId(current.id) : undefined}>
        {/* Keyed by method: a switch starts the other method's form afresh (email is kept above). */}
        <Form key={current.id} email={email} onEmailChange={setEmail} />
      </Box>
      {alternatives.some((method) => method.id !== current.id) || social.length ? (
        <Stack spacing={1.5} data-testid="sign-in-alternatives">
          <Divider>
            <Typography variant="body2" color="text.secondary">
              {t('ssoSettings.policy.methods')}
            </Typography>
          </Divider>
          {alternatives
            .filter((method) => method.id !== current.id)
            .map((method) => (
              <Button key={method.id} variant="outlined" size="large" onClick={() => setSelected(method.id)}>
                {t(method.offerKey!)}
              </Button>
            ))}
          {social.length ? <SocialSignInButtons providers={social} email={email} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
};
