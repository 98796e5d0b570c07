import { useSearchParams } from 'react-router';

import { PasswordResetLanding } from '../../../features/auth/components/password-reset-landing';

export const Component = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t')?.trim() ?? '';
  // Keyed by the token: another link opened in this tab starts its check afresh.
  return <PasswordResetLanding key={token} token={token} />;
};
