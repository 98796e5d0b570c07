import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client';

// Only a network failure or a server fault may go away on a second try; a 4xx answer (no session,
// no access, bad input) or a body that breaks the contract will not.
const shouldRetry = (failureCount: number, error: Error) =>
  failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Avoid refetch storms on tab focus; server state is invalidated explicitly by mutations.
        refetchOnWindowFocus: false,
        staleTime: 60_000,
        retry: shouldRetry,
      },
    },
  });
