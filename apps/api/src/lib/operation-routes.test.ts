import { operation, pathOf, stepOperations } from '@amp/contracts/operations/operation';
import Fastify, { type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentIdField, operationRoute, stepRoutes } from './operation-routes.js';

const params = z.object({ id: z.string().min(2) });
const reasonBody = z.object({ reason: z.string() });
const answer = z.object({ data: z.object({ id: z.string(), status: z.string() }) });
const step = stepOperations({ tags: ['thing'], params, response: { 200: answer }, versioned: true });
const close = step.post('/v2/thing/close/:id', {
  access: { permission: 'manageWO' },
  summary: 'Close',
  operationId: 'closeThing',
  body: reasonBody,
});
const closeByGet = step.get('/v2/thing/close/:id', { access: 'signedIn', summary: 'Close by GET', operationId: 'closeThingByGet' });
const list = operation({
  method: 'GET',
  path: '/v2/thing',
  tags: ['thing'],
  summary: 'Things',
  operationId: 'listThings',
  description: 'Why',
  access: 'public',
  query: z.object({ search: z.string().optional() }),
  response: { 200: z.object({ data: z.array(z.string()) }) },
});

/** A bare app with the zod compilers and the routes under /v2: what is tested is what the helpers declare. */
async function appWith(routes: FastifyPluginAsyncZod) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD route beside each GET and marks the schemas it has read (a symbol): neither is the helpers'.
    if (route.method !== 'HEAD') declared.push(route);
  });
  await app.register(routes, { prefix: '/v2' });
  await app.ready();
  return { app, declared };
}

let closeApp: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await closeApp?.();
  closeApp = undefined;
});

describe('operationRoute', () => {
  it('declares the route with the operation’s method, path under the prefix, schemas, documentation and access', async () => {
    const { app, declared } = await appWith(async (app) => {
      operationRoute(app, list, async () => ({ data: [] }));
      stepRoutes(app)(close, async () => {});
      stepRoutes(app)(closeByGet, async () => {});
    });
    closeApp = () => app.close();
    expect(
      declared.map((route) => ({
        method: route.method,
        url: route.url,
        schema: Object.fromEntries(Object.entries(route.schema ?? {})),
        config: route.config,
      })),
    ).toEqual([
      {
        method: 'GET',
        url: '/v2/thing',
        schema: {
          tags: ['thing'],
          summary: 'Things',
          operationId: 'listThings',
          description: 'Why',
          querystring: list.query,
          response: list.response,
        },
        config: { access: 'public', operation: list },
      },
      {
        method: 'POST',
        url: '/v2/thing/close/:id',
        schema: { tags: ['thing'], summary: 'Close', operationId: 'closeThing', params, body: reasonBody, response: close.response },
        config: { access: { permission: 'manageWO' }, versioned: true, operation: close },
      },
      {
        method: 'GET',
        url: '/v2/thing/close/:id',
        schema: { tags: ['thing'], summary: 'Close by GET', operationId: 'closeThingByGet', params, response: close.response },
        config: { access: 'signedIn', operation: closeByGet },
      },
    ]);
  });

  it('refuses an operation outside the prefix its routes are registered under', async () => {
    const outside = { ...list, path: '/v3/thing' };
    await expect(appWith(async (app) => operationRoute(app, outside, async () => ({ data: [] })))).rejects.toThrow(/not under \/v2/);
  });
});

describe('stepRoutes', () => {
  it('takes the step on the id its path names, with the body as validated, then answers the document as it now is', async () => {
    const taken: unknown[] = [];
    const { app } = await appWith(async (app) => {
      const steps = stepRoutes(app, async (_request, id) => ({ data: { id, status: `after ${taken.length} step(s)` } }));
      steps(close, async (_request, id, body) => {
        taken.push({ id, reason: body.reason });
        return 'not the answer';
      });
    });
    closeApp = () => app.close();
    const closed = await app.inject({ method: 'POST', url: '/v2/thing/close/t1', payload: { reason: 'done' } });
    expect(closed.json()).toEqual({ data: { id: 't1', status: 'after 1 step(s)' } });
    expect((await app.inject({ method: 'POST', url: '/v2/thing/close/x', payload: { reason: 'done' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/v2/thing/close/t3', payload: {} })).statusCode).toBe(400);
    expect(taken).toEqual([{ id: 't1', reason: 'done' }]);
  });

  it('names the document by the one field of the params', () => {
    expect(documentIdField(params)).toBe('id');
    expect(() => documentIdField(z.object({ id: z.string(), other: z.string() }))).toThrow(/by one field, not 2: id, other/);
  });
});

describe('pathOf', () => {
  it('fills the path parameters in, encoded, and refuses a missing one', () => {
    expect(pathOf(close, { id: 'a b/c' })).toBe('/v2/thing/close/a%20b%2Fc');
    expect(() => pathOf(close, {})).toThrow(/needs the path parameter id/);
  });
});
