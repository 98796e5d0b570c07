import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { msspCompanyListSchema, type MsspCompany } from '@vigil/contracts';
import { useCallback, useEffect } from 'react';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';

/** A managed company as the shell uses it (§3): id, name, email; sorted by name. */
export type ManagedCompany = { id: string; name: string; email: string };

const toManagedCompany = ({ company_id, company_name, subordinate_email }: MsspCompany): ManagedCompany => ({
  id: company_id,
  name: company_name,
  email: subordinate_email,
});

/**
 * The client companies of a managed-service organisation; empty for any other organisation.
 * @throws ApiError for a non-2xx answer; ZodError when the body breaks the contract
 */
export const getMsspCompanies = async (api: ApiClient, signal?: AbortSignal): Promise<ManagedCompany[]> => {
  const { mssp_company_names } = msspCompanyListSchema.parse(await api.get(apiPaths.msspCompanyList, { signal }));
  return mssp_company_names.map(toManagedCompany).sort((a, b) => a.name.localeCompare(b.name));
};

export const msspCompaniesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['organizations', 'mssp-companies'],
    queryFn: ({ signal }) => getMsspCompanies(api, signal),
    staleTime: Infinity,
  });

/**
 * The list, for the people who see the Company Metrics or Onboarding headings (admins). A failure
 * is logged to the console only (§8): the menu then shows its usual headings.
 */
export const useMsspCompanies = ({ enabled }: { enabled: boolean }) => {
  const api = useApiClient();
  const query = useQuery({ ...msspCompaniesQueryOptions(api), enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Could not load the managed companies', error);
  }, [error]);
  return query.data ?? [];
};

/** Reloads the list, after a page renamed one of its companies (it is kept for the whole session). */
export const useRefreshMsspCompanies = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: msspCompaniesQueryOptions(api).queryKey }),
    [api, queryClient],
  );
};
