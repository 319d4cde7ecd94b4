/// <reference types="vite/client" />
import type { Operation } from '@amp/contracts/operations/operation';
import Fastify, { type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { DOMAIN_ROUTES } from './app.js';

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Operation).method === 'string' &&
  typeof (value as Operation).path === 'string';

/** Every operation an operations file exports, in tables or tables of tables (the reports'), each once. */
function operationsIn(exports: Record<string, unknown>): Set<Operation> {
  const found = new Set<Operation>();
  const walk = (value: unknown, depth: number) => {
    if (isOperation(value)) found.add(value);
    else if (typeof value === 'object' && value !== null && depth < 3) for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(exports, 0);
  return found;
}

const nameOf = (path: string) => path.replace(/^.*\//, '').replace(/(\.routes)?\.ts$/, '');
const routeFiles = import.meta.glob<Record<string, unknown>>('./modules/*/*.routes.ts', { eager: true });
const operationFiles = import.meta.glob<Record<string, unknown>>('../../../packages/contracts/src/operations/*.ts', { eager: true });

/**
 * Every module with routes (`modules/<module>/<module>.routes.ts`), found by its file, with the
 * operation table of the same name in packages/contracts/src/operations (decision 0029): its
 * routes all register from that table, and that table has no operation without a route, so the
 * web's calls (derived from the same table) reach exactly the routes there are. A new module is
 * held to this without a line here.
 */
const MODULES = Object.entries(routeFiles).map(([path, exports]) => {
  const module = nameOf(path);
  const routes = Object.values(exports).filter((value): value is FastifyPluginAsyncZod => typeof value === 'function');
  const table = Object.entries(operationFiles).find(([file]) => nameOf(file) === module);
  return { module, routes, operations: table ? [...operationsIn(table[1])] : [] };
});

describe('the modules with routes', () => {
  it('each have one routes plugin, registered by the app, and an operation table of their own name', () => {
    expect(MODULES.length).toBeGreaterThanOrEqual(28);
    for (const { module, routes, operations } of MODULES) {
      expect(routes, `${module}.routes.ts exports one plugin`).toHaveLength(1);
      expect(DOMAIN_ROUTES, `${module}'s routes are registered in app.ts DOMAIN_ROUTES`).toContain(routes[0]);
      expect(operations.length, `packages/contracts/src/operations/${module}.ts declares its operations`).toBeGreaterThan(0);
    }
  });
});

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

describe.each(MODULES)('the routes of $module', ({ routes: [routes], operations }) => {
  it('all come from its operation table, with the operation’s method and path, and every operation has its route', async () => {
    const registered = await routesOf(routes!);
    const table = operations;
    for (const route of registered) {
      const operation = route.config?.operation;
      expect(operation, `${route.method} ${route.url} is registered from no operation`).toBeDefined();
      expect(table, `${route.method} ${route.url} comes from another table`).toContain(operation);
      expect(`${route.method} ${route.url}`).toBe(`${operation!.method} ${operation!.path}`);
    }
    const routed = registered.map((route) => route.config?.operation);
    for (const operation of operations) {
      expect(
        routed.filter((o) => o === operation),
        `${operation.operationId} (${operation.method} ${operation.path})`,
      ).toHaveLength(1);
    }
  });
});
