import { accountOperations } from '@amp/contracts/operations/account';
import { activityOperations } from '@amp/contracts/operations/activity';
import { approvalOperations } from '@amp/contracts/operations/approval';
import { assetOperations } from '@amp/contracts/operations/asset';
import { assetImportOperations } from '@amp/contracts/operations/asset-import';
import { assignmentOperations } from '@amp/contracts/operations/assignment';
import { categoryOperations } from '@amp/contracts/operations/category';
import { clusterOperations } from '@amp/contracts/operations/cluster';
import { configurationOperations } from '@amp/contracts/operations/configuration';
import { dashboardOperations } from '@amp/contracts/operations/dashboard';
import { faultOperations } from '@amp/contracts/operations/fault';
import { fileOperations } from '@amp/contracts/operations/file';
import { healthOperations } from '@amp/contracts/operations/health';
import { mailOperations } from '@amp/contracts/operations/mail';
import { materialRequestOperations } from '@amp/contracts/operations/material-request';
import { notificationOperations } from '@amp/contracts/operations/notification';
import type { Operation } from '@amp/contracts/operations/operation';
import { pricebookOperations } from '@amp/contracts/operations/pricebook';
import { purchaseOrderOperations } from '@amp/contracts/operations/purchase-order';
import { referenceOperations } from '@amp/contracts/operations/reference';
import { registrationOperations } from '@amp/contracts/operations/registration';
import { reportOperationTable } from '@amp/contracts/operations/report';
import { roleOperations } from '@amp/contracts/operations/role';
import { scoreCardOperations } from '@amp/contracts/operations/score-card';
import { serviceRequestOperations } from '@amp/contracts/operations/service-request';
import { slaOperations } from '@amp/contracts/operations/sla';
import { userOperations } from '@amp/contracts/operations/user';
import { warehouseOperations } from '@amp/contracts/operations/warehouse';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import Fastify, { type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { accountRoutes } from './modules/account/account.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { approvalRoutes } from './modules/approval/approval.routes.js';
import { assetRoutes } from './modules/asset/asset.routes.js';
import { assetImportRoutes } from './modules/asset-import/asset-import.routes.js';
import { assignmentRoutes } from './modules/assignment/assignment.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { clusterRoutes } from './modules/cluster/cluster.routes.js';
import { configurationRoutes } from './modules/configuration/configuration.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { faultRoutes } from './modules/fault/fault.routes.js';
import { fileRoutes } from './modules/file/file.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { materialRequestRoutes } from './modules/material-request/material-request.routes.js';
import { notificationRoutes } from './modules/notification/notification.routes.js';
import { pricebookRoutes } from './modules/pricebook/pricebook.routes.js';
import { purchaseOrderRoutes } from './modules/purchase-order/purchase-order.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { scoreCardRoutes } from './modules/score-card/score-card.routes.js';
import { serviceRequestRoutes } from './modules/service-request/service-request.routes.js';
import { slaRoutes } from './modules/sla/sla.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.js';
import { workOrderRoutes } from './modules/work-order/work-order.routes.js';

/**
 * The modules whose routes register from the operation table of packages/contracts/src/operations
 * (decision 0029), each with its table. A module listed here has no route of its own making, and
 * its table no operation without a route, so the web's calls (derived from the same table) reach
 * exactly the routes there are.
 */
const CONVERTED: { module: string; routes: FastifyPluginAsyncZod; operations: Record<string, Operation> }[] = [
  { module: 'work-order', routes: workOrderRoutes, operations: workOrderOperations },
  { module: 'service-request', routes: serviceRequestRoutes, operations: serviceRequestOperations },
  { module: 'asset', routes: assetRoutes, operations: assetOperations },
  { module: 'health', routes: healthRoutes, operations: healthOperations },
  { module: 'mail', routes: mailRoutes, operations: mailOperations },
  { module: 'file', routes: fileRoutes, operations: fileOperations },
  { module: 'asset-import', routes: assetImportRoutes, operations: assetImportOperations },
  { module: 'category', routes: categoryRoutes, operations: categoryOperations },
  { module: 'cluster', routes: clusterRoutes, operations: clusterOperations },
  { module: 'pricebook', routes: pricebookRoutes, operations: pricebookOperations },
  { module: 'assignment', routes: assignmentRoutes, operations: assignmentOperations },
  { module: 'warehouse', routes: warehouseRoutes, operations: warehouseOperations },
  { module: 'material-request', routes: materialRequestRoutes, operations: materialRequestOperations },
  { module: 'purchase-order', routes: purchaseOrderRoutes, operations: purchaseOrderOperations },
  { module: 'fault', routes: faultRoutes, operations: faultOperations },
  { module: 'registration', routes: registrationRoutes, operations: registrationOperations },
  { module: 'role', routes: roleRoutes, operations: roleOperations },
  { module: 'user', routes: userRoutes, operations: userOperations },
  { module: 'account', routes: accountRoutes, operations: accountOperations },
  { module: 'approval', routes: approvalRoutes, operations: approvalOperations },
  { module: 'activity', routes: activityRoutes, operations: activityOperations },
  { module: 'reference', routes: referenceRoutes, operations: referenceOperations },
  { module: 'configuration', routes: configurationRoutes, operations: configurationOperations },
  { module: 'sla', routes: slaRoutes, operations: slaOperations },
  { module: 'dashboard', routes: dashboardRoutes, operations: dashboardOperations },
  { module: 'score-card', routes: scoreCardRoutes, operations: scoreCardOperations },
  { module: 'report', routes: reportRoutes, operations: reportOperationTable },
  { module: 'notification', routes: notificationRoutes, operations: notificationOperations },
];

/** The module's routes as registered under /v2, on a bare app: registering reads no data. */
async function routesOf(routes: FastifyPluginAsyncZod): Promise<RouteOptions[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {} as never);
  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD route beside each GET: not the module's.
    if (route.method !== 'HEAD') declared.push(route);
  });
  await app.register(routes, { prefix: '/v2' });
  await app.ready();
  await app.close();
  return declared;
}

describe.each(CONVERTED)('the routes of $module', ({ routes, operations }) => {
  it('all come from its operation table, with the operation’s method and path, and every operation has its route', async () => {
    const registered = await routesOf(routes);
    const table = Object.values(operations);
    for (const route of registered) {
      const operation = route.config?.operation;
      expect(operation, `${route.method} ${route.url} is registered from no operation`).toBeDefined();
      expect(table, `${route.method} ${route.url} comes from another table`).toContain(operation);
      expect(`${route.method} ${route.url}`).toBe(`${operation!.method} ${operation!.path}`);
    }
    const routed = registered.map((route) => route.config?.operation);
    for (const [name, operation] of Object.entries(operations)) {
      expect(
        routed.filter((o) => o === operation),
        `${name} (${operation.method} ${operation.path})`,
      ).toHaveLength(1);
    }
  });
});
