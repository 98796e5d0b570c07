import { QueryClient } from '@tanstack/react-query';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Avoid refetch storms on tab focus; server state is invalidated explicitly by mutations.
        refetchOnWindowFocus: false,
        staleTime: 60_000,
        retry: 1,
      },
    },
  });
