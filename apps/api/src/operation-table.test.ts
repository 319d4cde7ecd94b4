import { activityOperations } from '@amp/contracts/operations/activity';
import { assetOperations } from '@amp/contracts/operations/asset';
import { configurationOperations } from '@amp/contracts/operations/configuration';
import { dashboardOperations } from '@amp/contracts/operations/dashboard';
import { notificationOperations } from '@amp/contracts/operations/notification';
import type { Operation } from '@amp/contracts/operations/operation';
import { referenceOperations } from '@amp/contracts/operations/reference';
import { reportOperationTable } from '@amp/contracts/operations/report';
import { scoreCardOperations } from '@amp/contracts/operations/score-card';
import { serviceRequestOperations } from '@amp/contracts/operations/service-request';
import { slaOperations } from '@amp/contracts/operations/sla';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import Fastify, { type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { assetRoutes } from './modules/asset/asset.routes.js';
import { configurationRoutes } from './modules/configuration/configuration.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { notificationRoutes } from './modules/notification/notification.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { scoreCardRoutes } from './modules/score-card/score-card.routes.js';
import { serviceRequestRoutes } from './modules/service-request/service-request.routes.js';
import { slaRoutes } from './modules/sla/sla.routes.js';
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
