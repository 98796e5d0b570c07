import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';

import { MessagePage } from '../components/message-page';
import { PageSpinner } from '../components/page-spinner';
import { ApiClientContext, createApiClient, messageOf } from '../lib/api-client';
import { useAuthSdk, useSession } from '../lib/auth/auth-hooks';
import { AuthProvider } from '../lib/auth/auth-provider';
import type { AuthSdk } from '../lib/auth/auth-sdk';
import { ClientConfigContext, fetchClientConfig, type ClientConfig } from '../lib/client-config';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { rtlStyleCache, rtlTheme, theme } from './theme';

// Right-to-left languages get a style cache that mirrors physical CSS properties; the page reloads
// on a language change, so the direction is fixed for the page's life.
const DirectionalStyles = ({ children }: { children: ReactNode }) =>
  i18n.dir() === 'rtl' ? <CacheProvider value={rtlStyleCache}>{children}</CacheProvider> : children;

// Everything a page needs except the session and the router.
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionalStyles>
        <ThemeProvider theme={i18n.dir() === 'rtl' ? rtlTheme : theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ThemeProvider>
      </DirectionalStyles>
    </I18nextProvider>
  );
};

// Our API client reads the SDK's current session token on every call.
const ApiClientProvider = ({ children }: { children: ReactNode }) => {
  const sdk = useAuthSdk();
  const [api] = useState(() => createApiClient({ getSessionToken: () => sdk.getSessionToken() }));
  return <ApiClientContext value={api}>{children}</ApiClientContext>;
};

// However a session ends (logout, or the SDK dropping it after a 401), the next person who signs in
// on this tab must not see the previous person's cached answers.
const ClearQueriesOnSignOut = () => {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const wasAuthenticated = useRef(isAuthenticated);
  useEffect(() => {
    if (wasAuthenticated.current && !isAuthenticated) queryClient.clear();
    wasAuthenticated.current = isAuthenticated;
  }, [isAuthenticated, queryClient]);
  return null;
};

type SessionProvidersProps = {
  clientConfig: ClientConfig;
  /** Tests pass an SDK-shaped double; the app creates the real SDK from the client configuration. */
  sdk?: AuthSdk;
  children: ReactNode;
};

// The session and the API client, once the client configuration is known. Tests mount pages under these.
export const SessionProviders = ({ clientConfig, sdk, children }: SessionProvidersProps) => (
  <ClientConfigContext value={clientConfig}>
    <AuthProvider projectId={clientConfig.authProjectId} baseUrl={clientConfig.authBaseUrl} sdk={sdk}>
      <ApiClientProvider>
        <ClearQueriesOnSignOut />
        {children}
      </ApiClientProvider>
    </AuthProvider>
  </ClientConfigContext>
);

type ConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: ClientConfig }
  | { status: 'failed'; message: string };

const StartupFailure = ({ message }: { message: string }) => {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('startup.title')}
      description={t('startup.description')}
      action={
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          {t('startup.reload')}
        </Button>
      }
    >
      <Typography sx={{ wordBreak: 'break-word' }}>{t('startup.detail', { message })}</Typography>
    </MessagePage>
  );
};

// The SDK cannot exist before the server has said which project and address to use.
const WithClientConfig = ({ children }: { children: (config: ClientConfig) => ReactNode }) => {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchClientConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, []);

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <StartupFailure message={state.message} />;
  return children(state.config);
};

export const App = () => {
  // Created once per mount, never per render: the router holds navigation state.
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <WithClientConfig>
        {(clientConfig) => (
          <SessionProviders clientConfig={clientConfig}>
            <RouterProvider router={router} />
          </SessionProviders>
        )}
      </WithClientConfig>
    </AppProviders>
  );
};
