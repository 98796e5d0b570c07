import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  googleDirectoryChangesSchema,
  googleDirectoryRunSchema,
  googleDirectoryRunsSchema,
  googleDirectorySettingsSchema,
  googleDirectoryTestResultSchema,
  type SaveGoogleDirectoryBody,
  type StartGoogleDirectoryRunBody,
} from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';

const key = ['google-workspace'] as const;
const paths = apiPaths.googleWorkspace;

/** The connection (never its key), the scopes to grant and the last runs; polled while a run is under way. */
export const useGoogleWorkspace = () => {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...key, 'settings'],
      queryFn: async ({ signal }) => googleDirectorySettingsSchema.parse(await api.get(paths.settings, { signal })),
      refetchInterval: (query) => (query.state.data?.lastRuns.some((run) => run.state === 'queued' || run.state === 'running') ? 1500 : false),
    }),
  );
};

/** @throws ApiError naming the field (400: the key file, the subject…) */
export const useSaveGoogleWorkspace = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveGoogleDirectoryBody) => googleDirectorySettingsSchema.parse(await api.request(paths.settings, { method: 'PUT', body })),
    onSuccess: (settings) => queryClient.setQueryData([...key, 'settings'], settings),
  });
};

export const useDisconnectGoogleWorkspace = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await api.request(paths.settings, { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

export const useTestGoogleWorkspace = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: async () => googleDirectoryTestResultSchema.parse(await api.request(paths.test, { method: 'POST' })) });
};

/**
 * Starts a sync, or a dry run (`dryRun`) that previews it; `confirmDeactivations` lets a sync
 * deactivate that many people, beyond the safety limit. @throws ApiError 409 while one is under way
 */
export const useStartGoogleWorkspaceRun = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartGoogleDirectoryRunBody) => googleDirectoryRunSchema.parse(await api.request(paths.runs, { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

export const useGoogleWorkspaceRuns = (cursor: string | null) => {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...key, 'runs', cursor],
      queryFn: async ({ signal }) => googleDirectoryRunsSchema.parse(await api.get(`${paths.runs}?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal })),
      placeholderData: keepPreviousData,
    }),
  );
};

export const useGoogleWorkspaceChanges = (runId: string | null, cursor: string | null) => {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...key, 'changes', runId, cursor],
      enabled: Boolean(runId),
      queryFn: async ({ signal }) => googleDirectoryChangesSchema.parse(await api.get(`${paths.changes(runId!)}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal })),
      placeholderData: keepPreviousData,
    }),
  );
};
