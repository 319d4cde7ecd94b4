import { dataOf } from '@amp/contracts/fields';
import { superAdminDashboardSchema } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as dashboard from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-sa',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The super admin's dashboard: organisations, technicians, pending registrations, new users per month",
        operationId: 'getSuperAdminDashboard',
        response: { 200: dataOf(superAdminDashboardSchema) },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    async () => ({ data: await dashboard.superAdminDashboard(app.deps.db) }),
  );
};
