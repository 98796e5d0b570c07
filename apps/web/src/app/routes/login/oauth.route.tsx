import { useSearchParams } from 'react-router';

import { SocialLanding } from '../../../features/auth/components/social-landing';

// /login/oauth/: where a social sign-in comes back with a one-time code (or why it was refused).
export const Component = () => {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  return <SocialLanding key={code} code={code} refusal={searchParams.get('err')} />;
};
