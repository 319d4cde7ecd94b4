import { reportOperations } from '@amp/contracts/operations/report';
import { REPORT_IDS } from '@amp/contracts/report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/download.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as reports from './report.service.js';

/** The routes of packages/contracts/src/operations/report.ts, one set per report: each one's handler. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const report of REPORT_IDS) {
    const op = reportOperations[report];
    operationRoute(app, op.options, async (request) => ({ data: await reports.options(app.deps.db, principalOf(request), report) }));
    operationRoute(app, op.summary, async (request) => ({
      data: await reports.summary(app.deps.db, principalOf(request), report, request.query),
    }));
    operationRoute(app, op.rows, (request) => reports.rows(app.deps.db, principalOf(request), report, request.query));
    operationRoute(
      app,
      op.export,
      async (request, reply) => sendDownload(reply, reports.exportFile(app.deps.db, principalOf(request), report, request.query)),
      // gzip, not brotli: brotli's state over a 1,000,000-row CSV held up to 150 MB more in the benchmark.
      { compress: { encodings: ['gzip'] } },
    );
  }
};
