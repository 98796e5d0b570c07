import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clientsSummarySchema,
  executiveReportSchema,
  reportScheduleSchema,
  reportSchedulesSchema,
  type ClientsSummary,
  type ExecutiveReport,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@vigil/contracts';
import type { z } from 'zod';

import { apiPaths } from '../../../config/paths';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

const reportsKey = ['reports'] as const;

/** @throws ApiError; ZodError when the body breaks the contract */
export const getExecutiveReport = async (api: ApiClient, days: number, signal?: AbortSignal): Promise<ExecutiveReport> =>
  executiveReportSchema.parse(await api.get(`${apiPaths.reports.executive}?days=${days}`, { signal }));

export const useExecutiveReport = (days: number) => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...reportsKey, 'executive', days], queryFn: ({ signal }) => getExecutiveReport(api, days, signal), placeholderData: keepPreviousData }));
};

/** The report as the server renders it (a PDF), fetched with the session and saved. */
export const useDownloadReportPdf = () => {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (days: number) => {
      const { file, fileName } = await api.download(`${apiPaths.reports.executivePdf}?days=${days}`);
      saveFile(file, fileName ?? 'human-risk-report.pdf');
    },
  });
};

type ReportSchedules = z.infer<typeof reportSchedulesSchema>;

/** @throws ApiError; ZodError when the body breaks the contract */
export const getReportSchedules = async (api: ApiClient, signal?: AbortSignal): Promise<ReportSchedules> =>
  reportSchedulesSchema.parse(await api.get(apiPaths.reports.schedules, { signal }));

export const useReportSchedules = () => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...reportsKey, 'schedules'], queryFn: ({ signal }) => getReportSchedules(api, signal) }));
};

/** Creates a schedule, or changes one (`id`). @throws ApiError naming the field (400) */
export const useSaveReportSchedule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: ReportScheduleBody }): Promise<ReportSchedule> =>
      reportScheduleSchema.parse(await api.request(id ? apiPaths.reports.schedule(id) : apiPaths.reports.schedules, { method: id ? 'PUT' : 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportsKey, 'schedules'] }),
  });
};

export const useDeleteReportSchedule = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => void (await api.request(apiPaths.reports.schedule(id), { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportsKey, 'schedules'] }),
  });
};

/** @throws ApiError; ZodError when the body breaks the contract */
export const getClientsSummary = async (api: ApiClient, signal?: AbortSignal): Promise<ClientsSummary> =>
  clientsSummarySchema.parse(await api.get(apiPaths.reports.clients, { signal }));

export const useClientsSummary = () => {
  const api = useApiClient();
  return useQuery(queryOptions({ queryKey: [...reportsKey, 'clients'], queryFn: ({ signal }) => getClientsSummary(api, signal) }));
};
