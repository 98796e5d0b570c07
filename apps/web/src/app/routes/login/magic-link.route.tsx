import { useSearchParams } from 'react-router';

import { MagicLinkLanding } from '../../../features/auth/components/magic-link-landing';

export const Component = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t')?.trim() ?? '';
  // Keyed by the token: another link opened in this tab starts its check afresh.
  return <MagicLinkLanding key={token} token={token} />;
};
