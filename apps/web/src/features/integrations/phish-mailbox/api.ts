import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  phishMailboxStateSchema,
  phishMailboxTestResultSchema,
  reportedMessageSchema,
  reportedMessagesSchema,
  type ReportedMessageKind,
  type ReportedMessageVerdict,
  type SavePhishMailboxInput,
} from '@vigil/contracts';

import { apiPaths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-client';

const key = ['phish-mailbox'] as const;
const paths = apiPaths.phishMailbox;

/** The settings (never a secret) and how much waits for triage; refreshed each minute, as the mailbox is read. */
export const usePhishMailbox = () => {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...key, 'settings'],
      queryFn: async ({ signal }) => phishMailboxStateSchema.parse(await api.get(paths.settings, { signal })),
      refetchInterval: 60_000,
    }),
  );
};

/** @throws ApiError naming the field (400: the host, a missing secret…) */
export const useSavePhishMailbox = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SavePhishMailboxInput) => phishMailboxStateSchema.parse(await api.request(paths.settings, { method: 'PUT', body })),
    onSuccess: (state) => queryClient.setQueryData([...key, 'settings'], state),
  });
};

export const useDeletePhishMailbox = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await api.request(paths.settings, { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

export const useTestPhishMailbox = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: async () => phishMailboxTestResultSchema.parse(await api.request(paths.test, { method: 'POST' })) });
};

export type ReportedMailFilter = { kind?: ReportedMessageKind; verdict?: ReportedMessageVerdict };

export const useReportedMessages = (filter: ReportedMailFilter, cursor: string | null) => {
  const api = useApiClient();
  const query = new URLSearchParams({ limit: '25', ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.verdict ? { verdict: filter.verdict } : {}), ...(cursor ? { cursor } : {}) });
  return useQuery(
    queryOptions({
      queryKey: [...key, 'messages', filter.kind ?? null, filter.verdict ?? null, cursor],
      queryFn: async ({ signal }) => reportedMessagesSchema.parse(await api.get(`${paths.messages}?${query.toString()}`, { signal })),
      placeholderData: keepPreviousData,
    }),
  );
};

export const useSetVerdict = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, verdict }: { id: string; verdict: ReportedMessageVerdict }) => reportedMessageSchema.parse(await api.request(paths.message(id), { method: 'PATCH', body: { verdict } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
