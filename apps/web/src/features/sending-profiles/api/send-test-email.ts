import { useMutation } from '@tanstack/react-query';
import { testEmailResultSchema, type SendTestEmailBody, type TestEmailResult } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** What the mail server said, or why the email did not go. @throws ApiError; ZodError when the answer breaks the contract */
export const sendTestEmail = async (api: ApiClient, id: string, body: SendTestEmailBody): Promise<TestEmailResult> =>
  testEmailResultSchema.parse(await api.request(apiPaths.sendingProfiles.test(id), { method: 'POST', body }));

export const useSendTestEmail = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: SendTestEmailBody }) => sendTestEmail(api, id, body) });
};
