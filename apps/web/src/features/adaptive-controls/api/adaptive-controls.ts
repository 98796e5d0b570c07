import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adaptiveFiringSchema, adaptiveFiringsSchema, adaptiveRuleSchema, adaptiveRulesSchema, type AdaptiveRule, type AdaptiveRuleInput } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';

const key = ['adaptive-controls'] as const;

export const useAdaptiveRules = () => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...key, 'rules'], queryFn: async ({ signal }) => adaptiveRulesSchema.parse(await api.get(apiPaths.adaptiveControls.rules, { signal })) }));
};

/** Creates a rule, or changes one (`id`). @throws ApiError naming the field (400) */
export const useSaveAdaptiveRule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: AdaptiveRuleInput }): Promise<AdaptiveRule> =>
      adaptiveRuleSchema.parse(await api.request(id ? apiPaths.adaptiveControls.rule(id) : apiPaths.adaptiveControls.rules, { method: id ? 'PUT' : 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

export const useDeleteAdaptiveRule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => void (await api.request(apiPaths.adaptiveControls.rule(id), { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

/** Who the rules hold (`active`) or held too (`all`), newest first, 25 at a time by key. */
export const useAdaptiveFirings = (status: 'active' | 'all') => {
  const api = useApiClient();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...key, 'firings', status],
      queryFn: async ({ pageParam, signal }) =>
        adaptiveFiringsSchema.parse(await api.get(`${apiPaths.adaptiveControls.firings}?status=${status}${pageParam ? `&cursor=${pageParam}` : ''}`, { signal })),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );
};

export const useLiftFiring = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => adaptiveFiringSchema.parse(await api.request(apiPaths.adaptiveControls.lift(id), { method: 'POST' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
