import { apiErrorSchema, dataOf } from '../fields.js';
import {
  REPORT_PERMISSIONS,
  type ReportId,
  reportExportQueryOf,
  reportFilterQueryOf,
  reportOptionsSchema,
  reportRowsAnswer,
  reportRowsQueryOf,
  reportSummarySchema,
} from '../report.js';
import { fileAnswer, operation, SPREADSHEET_TYPES } from './operation.js';

const tags = ['report'];
const MB = 1024 * 1024;
const errors = { 400: apiErrorSchema, 403: apiErrorSchema };

/** "sr-wo" as "SrWo", for the operation ids. */
const pascal = (report: ReportId) =>
  report
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** One report's operations under /v2/report/{report}, each guarded by that report's own permission (REPORT_PERMISSIONS). */
function reportOperationsOf(report: ReportId) {
  const access = { permission: REPORT_PERMISSIONS[report] };
  const name = pascal(report);
  return {
    options: operation({
      method: 'GET',
      path: `/v2/report/${report}/options`,
      tags,
      summary: `What the ${report} report’s filters offer the caller: its clusters, categories, states, the other parties, its warehouses`,
      operationId: `get${name}ReportOptions`,
      access,
      response: { 200: dataOf(reportOptionsSchema), ...errors },
    }),
    summary: operation({
      method: 'GET',
      path: `/v2/report/${report}/summary`,
      tags,
      summary: `The ${report} report’s headline figures and charts under the filters`,
      operationId: `get${name}ReportSummary`,
      access,
      query: reportFilterQueryOf(report),
      response: { 200: dataOf(reportSummarySchema), ...errors },
    }),
    rows: operation({
      method: 'GET',
      path: `/v2/report/${report}/rows`,
      tags,
      summary: `One page of a table (view) of the ${report} report, sorted by one of its columns, under the filters`,
      operationId: `list${name}ReportRows`,
      access,
      query: reportRowsQueryOf(report),
      response: { 200: reportRowsAnswer, ...errors },
    }),
    export: operation({
      method: 'GET',
      path: `/v2/report/${report}/export`,
      tags,
      summary: `A whole table (view) of the ${report} report as a CSV or XLSX file, streamed, under the filters`,
      operationId: `export${name}Report`,
      access,
      query: reportExportQueryOf(report),
      response: {
        200: fileAnswer('The table as a file', SPREADSHEET_TYPES, 2048 * MB),
        ...errors,
      },
    }),
  };
}

/** The report calls (issue 12): one set per report, by report. */
export const reportOperations = {
  asset: reportOperationsOf('asset'),
  'sr-wo': reportOperationsOf('sr-wo'),
  warehouse: reportOperationsOf('warehouse'),
} satisfies Record<ReportId, ReturnType<typeof reportOperationsOf>>;
