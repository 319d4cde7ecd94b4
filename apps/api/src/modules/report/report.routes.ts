import { apiErrorSchema, dataOf, out } from '@amp/contracts/fields';
import {
  REPORT_IDS,
  REPORT_PERMISSIONS,
  type ReportId,
  reportExportQueryOf,
  reportFilterQueryOf,
  reportOptionsSchema,
  reportRowsAnswer,
  reportRowsQueryOf,
  reportSummarySchema,
} from '@amp/contracts/report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/download.js';
import { XLSX_TYPE } from '../../lib/spreadsheet.js';
import { principalOf } from '../../plugins/auth.js';
import * as reports from './report.service.js';

const tags = ['report'];
const MB = 1024 * 1024;
const errors = { 400: apiErrorSchema, 403: apiErrorSchema };

/** "sr-wo" as "SrWo", for the operation ids. */
const pascal = (report: ReportId) =>
  report
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * The report calls (issue 12): one set per report under /v2/report/{report}, each route guarded by
 * that report's own permission (REPORT_PERMISSIONS) as its access rule.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const report of REPORT_IDS) {
    const access = { permission: REPORT_PERMISSIONS[report] };
    const name = pascal(report);

    app.get(
      `/report/${report}/options`,
      {
        schema: {
          tags,
          summary: `What the ${report} report’s filters offer the caller: its clusters, categories, states, the other parties, its warehouses`,
          operationId: `get${name}ReportOptions`,
          response: { 200: dataOf(reportOptionsSchema), ...errors },
        },
        config: { access },
      },
      async (request) => ({ data: await reports.options(app.deps.db, principalOf(request), report) }),
    );

    app.get(
      `/report/${report}/summary`,
      {
        schema: {
          tags,
          summary: `The ${report} report’s headline figures and charts under the filters`,
          operationId: `get${name}ReportSummary`,
          querystring: reportFilterQueryOf(report),
          response: { 200: dataOf(reportSummarySchema), ...errors },
        },
        config: { access },
      },
      async (request) => ({ data: await reports.summary(app.deps.db, principalOf(request), report, request.query) }),
    );

    app.get(
      `/report/${report}/rows`,
      {
        schema: {
          tags,
          summary: `One page of a table (view) of the ${report} report, sorted by one of its columns, under the filters`,
          operationId: `list${name}ReportRows`,
          querystring: reportRowsQueryOf(report),
          response: { 200: reportRowsAnswer, ...errors },
        },
        config: { access },
      },
      (request) => reports.rows(app.deps.db, principalOf(request), report, request.query),
    );

    app.get(
      `/report/${report}/export`,
      {
        schema: {
          tags,
          summary: `A whole table (view) of the ${report} report as a CSV or XLSX file, streamed, under the filters`,
          operationId: `export${name}Report`,
          querystring: reportExportQueryOf(report),
          response: {
            200: {
              description: 'The table as a file',
              content: Object.fromEntries(['text/csv', XLSX_TYPE].map((type) => [type, { schema: out.binary(2048 * MB) }])),
            },
            ...errors,
          },
        },
        config: { access },
        // gzip, not brotli: brotli's state over a 1,000,000-row CSV held up to 150 MB more in the benchmark.
        compress: { encodings: ['gzip'] },
      },
      async (request, reply) => sendDownload(reply, reports.exportFile(app.deps.db, principalOf(request), report, request.query)),
    );
  }
};
