import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cadenceRuleSchema, type CadenceRule, type CadenceRuleInput, type UpdateCadenceRuleBody } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { cadenceRulesKey, trainingScheduleKey } from './cadence-query-keys';

/** Creates a cadence rule. @throws ApiError (400 naming the field) */
export const createCadenceRule = async (api: ApiClient, body: CadenceRuleInput): Promise<CadenceRule> =>
  cadenceRuleSchema.parse(await api.request(apiPaths.trainingCadenceRules.list, { method: 'POST', body }));

/** Changes a rule's audience, days, start date or state (pause, resume). @throws ApiError (404 once deleted) */
export const updateCadenceRule = async (api: ApiClient, id: string, body: UpdateCadenceRuleBody): Promise<CadenceRule> =>
  cadenceRuleSchema.parse(await api.request(apiPaths.trainingCadenceRules.rule(id), { method: 'PATCH', body }));

/** Creating or changing a rule changes what the schedule plans too. */
const useInvalidateCadence = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: cadenceRulesKey }), queryClient.invalidateQueries({ queryKey: trainingScheduleKey })]);
};

export const useCreateCadenceRule = () => {
  const api = useApiClient();
  const invalidate = useInvalidateCadence();
  return useMutation({ mutationFn: (body: CadenceRuleInput) => createCadenceRule(api, body), onSuccess: invalidate });
};

export const useUpdateCadenceRule = () => {
  const api = useApiClient();
  const invalidate = useInvalidateCadence();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateCadenceRuleBody }) => updateCadenceRule(api, id, body), onSuccess: invalidate });
};
