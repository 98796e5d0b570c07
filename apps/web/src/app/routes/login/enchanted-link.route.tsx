import { useSearchParams } from 'react-router';

import { EnchantedLinkLanding } from '../../../features/auth/components/enchanted-link-landing';

export const Component = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t')?.trim() ?? '';
  // Keyed by the token: another link opened in this tab starts its check afresh.
  return <EnchantedLinkLanding key={token} token={token} />;
};
