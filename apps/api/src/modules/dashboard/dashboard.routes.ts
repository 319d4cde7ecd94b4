import { dashboardOperations as op } from '@amp/contracts/operations/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as dashboard from './dashboard.service.js';

/** The routes of packages/contracts/src/operations/dashboard.ts: each one's handler. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.superAdmin, async () => ({ data: await dashboard.superAdminDashboard(app.deps) }));
  operationRoute(app, op.work, async (request) => ({ data: await dashboard.workDashboard(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.supplier, async (request) => ({ data: await dashboard.supplierDashboard(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.myWork, async (request) => ({ data: await dashboard.myWork(app.deps.db, principalOf(request)) }));
};
