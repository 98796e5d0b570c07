import { useQueryClient } from '@tanstack/react-query';
import { learnerAssignmentSchema, type LearnerAssignment } from '@vigil/contracts';
import { useCallback } from 'react';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { myTrainingsKey } from './query-keys';

/**
 * Tells the server where the player is; it keeps the furthest point. `keepalive` lets the last save
 * finish while the page closes.
 * @throws ApiError; ZodError when the body breaks the contract
 */
export const saveTrainingProgress = async (api: ApiClient, id: string, watchedSeconds: number, { keepalive = false } = {}): Promise<LearnerAssignment> =>
  learnerAssignmentSchema.parse(
    await api.request(apiPaths.myTrainings.progress(id), { method: 'PUT', body: { watchedSeconds: Math.round(watchedSeconds * 10) / 10 }, keepalive }),
  );

/**
 * A save function for the player. Saves go out often and quietly (a failed one is retried by the
 * next), so this is a plain call rather than a mutation; the lists are refreshed when the player
 * closes (see `useRefreshMyTrainings`).
 */
export const useSaveTrainingProgress = (id: string) => {
  const api = useApiClient();
  return useCallback(
    (watchedSeconds: number, options?: { keepalive?: boolean }) => saveTrainingProgress(api, id, watchedSeconds, options).catch(() => undefined),
    [api, id],
  );
};

/** Marks the learner's lists as out of date, so they show the progress just saved. */
export const useRefreshMyTrainings = () => {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: [...myTrainingsKey, 'list'] }), [queryClient]);
};
