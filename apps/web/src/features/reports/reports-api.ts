import type { ReportExportFormat, ReportFilter, ReportId, ReportOptions, ReportRow, ReportSummary } from '@amp/contracts/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, downloadAs, withQuery } from '../../lib/api';

/** The report calls (packages/contracts/src/report.ts): options for the filters, the summary, a page of a view, an export. */
const base = (report: ReportId) => `/v2/report/${report}`;

export interface ReportRowsParams extends ReportFilter {
  view: string;
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export function useReportOptions(report: ReportId) {
  return useQuery({
    queryKey: ['report', report, 'options'],
    queryFn: () => api.get<ReportOptions>(`${base(report)}/options`),
    // The choices change rarely; a report visit does not need them fresher than a few minutes.
    staleTime: 5 * 60_000,
  });
}

export function useReportSummary(report: ReportId, filter: ReportFilter) {
  return useQuery({
    queryKey: ['report', report, 'summary', filter],
    queryFn: () => api.get<ReportSummary>(`${base(report)}/summary`, { ...filter }),
    placeholderData: keepPreviousData,
  });
}

export function useReportRows(report: ReportId, params: ReportRowsParams) {
  return useQuery({
    queryKey: ['report', report, 'rows', params],
    queryFn: () => api.page<ReportRow>(`${base(report)}/rows`, { ...params }),
    placeholderData: keepPreviousData,
  });
}

/** The whole view under the filters, as the API streams it, saved under the name it gives. */
export function exportReport(report: ReportId, view: string, format: ReportExportFormat, filter: ReportFilter): Promise<void> {
  return downloadAs(withQuery(`${base(report)}/export`, { ...filter, view, format }), `${report}-${view}.${format}`);
}
