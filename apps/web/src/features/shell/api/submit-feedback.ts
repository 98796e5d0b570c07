import { useMutation } from '@tanstack/react-query';
import { submitFeedbackResultSchema, type SubmitFeedbackBody, type SubmitFeedbackResult } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/**
 * Sends the signed-in person's feedback (spec §7: POST submit-feedback with {message}).
 * @throws ApiError for a non-2xx answer; ZodError when the answer breaks the contract
 */
export const submitFeedback = async (api: ApiClient, body: SubmitFeedbackBody): Promise<SubmitFeedbackResult> =>
  submitFeedbackResultSchema.parse(await api.request(apiPaths.submitFeedback, { method: 'POST', body }));

export const useSubmitFeedback = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: SubmitFeedbackBody) => submitFeedback(api, body) });
};
