import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policyDetailSchema, type PolicyDetail } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';

/** Publishes a Markdown version. @throws ApiError; ZodError when the body breaks the contract */
export const publishMarkdownVersion = async (api: ApiClient, id: string, markdown: string, changeNote: string): Promise<PolicyDetail> =>
  policyDetailSchema.parse(await api.request(apiPaths.policies.versions(id), { method: 'POST', body: { markdown, changeNote } }));

/** Uploads a PDF as the next version (the file is the body; the server checks its bytes). @throws ApiError */
export const uploadPolicyPdf = async (api: ApiClient, id: string, pdf: File, changeNote: string): Promise<PolicyDetail> => {
  const query = changeNote ? `?${new URLSearchParams({ changeNote })}` : '';
  return policyDetailSchema.parse(await api.upload(`${apiPaths.policies.pdfVersion(id)}${query}`, pdf, { contentType: 'application/pdf' }));
};

export type PublishVersionVariables = { id: string; changeNote: string } & ({ markdown: string } | { pdf: File });

/** Publishes a new version (Markdown or PDF), which asks everyone again. */
export const usePublishPolicyVersion = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: PublishVersionVariables) =>
      'pdf' in variables ? uploadPolicyPdf(api, variables.id, variables.pdf, variables.changeNote) : publishMarkdownVersion(api, variables.id, variables.markdown, variables.changeNote),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policiesKey }),
  });
};
