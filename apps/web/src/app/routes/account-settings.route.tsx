import { AccountSettings } from '../../features/account-settings/components/account-settings';
import { useRefreshPersonalUserData } from '../../features/people/api/get-personal-user-data';
import { PageError } from '../../features/shell/components/page-error';

// /account-settings/: every signed-in person's own profile, password, sessions and sign-in history.
export const Component = () => {
  // The user menu shows the person's name from the personal record: reload it after a rename.
  const refreshPersonalUserData = useRefreshPersonalUserData();
  return <AccountSettings onProfileChanged={() => void refreshPersonalUserData()} />;
};

export const ErrorBoundary = PageError;
