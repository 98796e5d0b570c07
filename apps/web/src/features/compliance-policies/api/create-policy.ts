import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policyDetailSchema, type CreatePolicyInput, type PolicyDetail } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { policiesKey } from './query-keys';
import { uploadPolicyPdf } from './publish-policy-version';

/** @throws ApiError; ZodError when the body breaks the contract */
export const createPolicy = async (api: ApiClient, body: CreatePolicyInput): Promise<PolicyDetail> =>
  policyDetailSchema.parse(await api.request(apiPaths.policies.list, { method: 'POST', body }));

export type CreatePolicyVariables = { body: CreatePolicyInput; pdf?: File };

/** The policy was created but its PDF was refused: it exists without a version (`cause` says why). */
export class PolicyCreatedWithoutVersion extends Error {
  constructor(
    readonly policy: PolicyDetail,
    override readonly cause: unknown,
  ) {
    super('The policy was created, but its PDF was refused');
    this.name = 'PolicyCreatedWithoutVersion';
  }
}

/**
 * Creates a policy: with Markdown, version 1 is published with it; with a PDF, the policy is created
 * first and the PDF uploaded as its version 1. If that upload is refused, the policy stays without a
 * version (the list offers to publish one): PolicyCreatedWithoutVersion says so.
 */
export const useCreatePolicy = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, pdf }: CreatePolicyVariables) => {
      const created = await createPolicy(api, body);
      if (!pdf) return created;
      try {
        return await uploadPolicyPdf(api, created.id, pdf, '');
      } catch (error) {
        throw new PolicyCreatedWithoutVersion(created, error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: policiesKey }),
  });
};
