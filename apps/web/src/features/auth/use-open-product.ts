import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';

/**
 * After a second factor is confirmed: the new session opens everything, so what the one-factor
 * session was refused is asked again, and the person goes on to the product.
 */
export const useOpenProduct = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    queryClient.removeQueries();
    void navigate(paths.home.getHref(), { replace: true });
  }, [queryClient, navigate]);
};
