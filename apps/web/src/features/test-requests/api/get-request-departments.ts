import { useQuery } from '@tanstack/react-query';
import { organizationDepartmentsSchema } from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';
import { testRequestsKey } from './query-keys';

/** The organisation's departments, for the draft campaign's audience (one call of the people area's API). */
export const useRequestDepartments = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...testRequestsKey, 'departments'],
    queryFn: async ({ signal }) => organizationDepartmentsSchema.parse(await api.get(apiPaths.organizationUsers.departments, { signal })).departments,
  });
};
