import { reportOperations } from '@amp/contracts/operations/report';
import type { ReportExportFormat, ReportFilter, ReportId } from '@amp/contracts/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadAs, withQuery } from '../../lib/api';
import { call, callAnswer, callPath } from '../../lib/api-call';

/** The report calls (packages/contracts/src/operations/report.ts): options for the filters, the summary, a page of a view, an export. */

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
    queryFn: () => call(reportOperations[report].options),
    // The choices change rarely; a report visit does not need them fresher than a few minutes.
    staleTime: 5 * 60_000,
  });
}

export function useReportSummary(report: ReportId, filter: ReportFilter) {
  return useQuery({
    queryKey: ['report', report, 'summary', filter],
    queryFn: () => call(reportOperations[report].summary, { query: { ...filter } }),
    placeholderData: keepPreviousData,
  });
}

export function useReportRows(report: ReportId, params: ReportRowsParams) {
  return useQuery({
    queryKey: ['report', report, 'rows', params],
    queryFn: () => callAnswer(reportOperations[report].rows, { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** The whole view under the filters, as the API streams it, saved under the name it gives. */
export function exportReport(report: ReportId, view: string, format: ReportExportFormat, filter: ReportFilter): Promise<void> {
  return downloadAs(withQuery(callPath(reportOperations[report].export), { ...filter, view, format }), `${report}-${view}.${format}`);
}
