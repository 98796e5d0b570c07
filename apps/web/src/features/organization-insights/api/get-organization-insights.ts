import { useQuery } from '@tanstack/react-query';
import { deviceProtectionSchema, mfaProtectionSchema, signInActivitySchema, signInAnomaliesSchema, trainingStatusSchema } from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';

/** The windows a subpage can look back over, in days. */
export const insightWindows = [7, 30, 90] as const;
export type InsightWindow = (typeof insightWindows)[number];

/** One subpage's numbers: GET `path` (with `?days=` when it has a window), checked against its contract. */
const useInsight = <T extends z.ZodType>(key: string, path: string, schema: T, days?: InsightWindow) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-insights', key, days ?? null],
    queryFn: async ({ signal }): Promise<z.infer<T>> => schema.parse(await api.get(days ? `${path}?days=${days}` : path, { signal })),
  });
};

export const useSignInActivity = (days: InsightWindow) => useInsight('sign-ins', apiPaths.organizationInsights.signIns, signInActivitySchema, days);
export const useSignInAnomalies = (days: InsightWindow) => useInsight('anomalies', apiPaths.organizationInsights.anomalies, signInAnomaliesSchema, days);
export const useMfaProtection = () => useInsight('mfa', apiPaths.organizationInsights.mfa, mfaProtectionSchema);
export const useDeviceProtection = (days: InsightWindow) => useInsight('devices', apiPaths.organizationInsights.devices, deviceProtectionSchema, days);
export const useTrainingStatus = () => useInsight('training', apiPaths.organizationInsights.training, trainingStatusSchema);
