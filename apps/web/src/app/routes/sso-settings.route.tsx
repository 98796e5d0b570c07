import { SsoSettingsPage } from '../../features/sso-settings/components/sso-settings-page';
import { PageError } from '../../features/shell/components/page-error';

// /sso-settings/: single sign-on connections and the organisation's sign-in policy, for admins.
export const Component = SsoSettingsPage;
export const ErrorBoundary = PageError;
