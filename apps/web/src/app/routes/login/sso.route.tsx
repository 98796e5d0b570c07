import { useSearchParams } from 'react-router';

import { SsoLanding } from '../../../features/auth/components/sso-landing';

// /login/sso/: where single sign-on comes back with a one-time code (or why it was refused).
export const Component = () => {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  return <SsoLanding key={code} code={code} refusal={searchParams.get('err')} state={searchParams.get('state')} />;
};
