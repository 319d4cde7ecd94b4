import { myWorkSchema, supplierDashboardSchema, workDashboardSchema } from '@amp/contracts/dashboard';
import { dataOf } from '@amp/contracts/fields';
import { superAdminDashboardSchema } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as dashboard from './dashboard.service.js';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-sa',
    {
      schema: {
        tags,
        summary:
          "The super admin's dashboard: organisations, technicians, pending registrations, failed mail and jobs, new users per month",
        operationId: 'getSuperAdminDashboard',
        response: { 200: dataOf(superAdminDashboardSchema) },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    async () => ({ data: await dashboard.superAdminDashboard(app.deps) }),
  );

  // Three segments: never taken for GET /activities/:userId (the activity module's), whatever the order of registration.
  app.get(
    '/activities/dashboard/sr-wo',
    {
      schema: {
        tags,
        summary: "The caller's side's service requests, work orders, faults and purchase orders: opened, closed, and created per month",
        operationId: 'getWorkDashboard',
        response: { 200: dataOf(workDashboardSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await dashboard.workDashboard(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/dashboard-supplier',
    {
      schema: {
        tags,
        summary: "The supplier's dashboard: purchase orders received, accepted, to dispatch, delivered, declined, and per month",
        operationId: 'getSupplierDashboard',
        response: { 200: dataOf(supplierDashboardSchema) },
      },
      config: { access: { permission: 'viewIncomingPO' } },
    },
    async (request) => ({ data: await dashboard.supplierDashboard(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/dashboard/my-work',
    {
      schema: {
        tags,
        summary:
          "The caller's own open work orders and service requests, with their asset, site, due time and SLA state: breached first, then by due time",
        operationId: 'getMyWork',
        response: { 200: dataOf(myWorkSchema) },
      },
      // Assigned work comes through the Incoming lists: whoever may open one of them has a day's work to see.
      config: { access: { permission: ['viewIncomingWO', 'viewIncomingSR'] } },
    },
    async (request) => ({ data: await dashboard.myWork(app.deps.db, principalOf(request)) }),
  );
};
