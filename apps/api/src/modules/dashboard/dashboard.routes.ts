import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as dashboard from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard-sa', { schema: { tags: ['dashboard'] }, config: { access: { permission: 'manageUserRegistration' } } }, async () => ({
    data: await dashboard.superAdminDashboard(app.deps.db),
  }));
};
