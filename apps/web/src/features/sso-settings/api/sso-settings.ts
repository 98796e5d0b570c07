import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ssoConnectionSchema,
  ssoDomainCheckSchema,
  ssoSettingsSchema,
  ssoTestResultSchema,
  ssoTestStartSchema,
  type CreateSsoConnectionBody,
  type SignInPolicy,
  type SsoTestStartBody,
  type UpdateSsoConnectionBody,
} from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';

const key = ['sso-settings'] as const;

export const useSsoSettings = () => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: key, queryFn: async ({ signal }) => ssoSettingsSchema.parse(await api.get(apiPaths.sso.settings, { signal })) }));
};

/** Adds a connection, or changes one (`id`). @throws ApiError naming the field (400, 409) */
export const useSaveSsoConnection = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CreateSsoConnectionBody | UpdateSsoConnectionBody }) =>
      ssoConnectionSchema.parse(await api.request(id ? apiPaths.sso.connection(id) : apiPaths.sso.connections, { method: id ? 'PATCH' : 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
};

export const useDeleteSsoConnection = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => void (await api.request(apiPaths.sso.connection(id), { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
};

/** Starts a test sign-in: the answer is the identity provider's address, which the browser opens. */
export const useStartSsoTest = (returnTo: SsoTestStartBody['returnTo'] = 'sso-settings') => {
  const api = useApiClient();
  return useMutation({ mutationFn: async (id: string) => ssoTestStartSchema.parse(await api.request(apiPaths.sso.test(id), { method: 'POST', body: { returnTo } })) });
};

/** What the identity provider said in a test sign-in that came back with `code` (read once). */
export const useSsoTestResult = (code: string | null) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: [...key, 'test', code],
      enabled: Boolean(code),
      retry: false,
      staleTime: Infinity,
      queryFn: async ({ signal }) => {
        const result = ssoTestResultSchema.parse(await api.get(apiPaths.sso.testResult(code!), { signal }));
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        return result;
      },
    }),
  );
};

/** @throws ApiError naming the field (409: no tested connection to require) */
export const useSaveSignInPolicy = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: SignInPolicy) => ssoSettingsSchema.parse(await api.request(apiPaths.sso.policy, { method: 'PUT', body: policy })),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
};

/**
 * Looks a domain's TXT records up now; the answer carries the domain's state (and the record to
 * publish, even when it is not proved) and the `vigil-domain-verification=` values found there.
 * Only the settings query is refreshed: the read-once test result under the same key must not be
 * read again.
 * @throws ApiError naming `body.domain` (400: not a domain, or a public mail service); 502 when DNS could not answer
 */
export const useCheckSsoDomain = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) => ssoDomainCheckSchema.parse(await api.request(apiPaths.sso.domainCheck, { method: 'POST', body: { domain } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
};

/** Gives up the organisation's proof of a domain. @throws ApiError (404: it has none) */
export const useRemoveSsoDomainProof = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) => void (await api.request(apiPaths.sso.domainProof(domain), { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
};
