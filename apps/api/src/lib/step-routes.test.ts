import Fastify, { type RouteOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentIdField, stepRoutes } from './step-routes.js';

const params = z.object({ id: z.string().min(2) });
const underscoreParams = z.object({ _id: z.string().min(2) });
const reasonBody = z.object({ reason: z.string() });
const answer = z.object({ data: z.object({ id: z.string(), status: z.string() }) });
const response = { 200: answer };

/** A bare app with the zod compilers: what is tested is the routes the builder declares, not access or errors. */
async function appWith(routes: FastifyPluginAsyncZod) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  await app.register(routes);
  await app.ready();
  return { app, declared };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('documentIdField', () => {
  it('is the one field of the params', () => {
    expect(documentIdField(params)).toBe('id');
    expect(documentIdField(underscoreParams)).toBe('_id');
  });

  it('refuses params that name the document by no field or by several', () => {
    expect(() => documentIdField(z.object({}))).toThrow(/by one field, not 0/);
    expect(() => documentIdField(z.object({ id: z.string(), other: z.string() }))).toThrow(/by one field, not 2: id, other/);
  });
});

describe('stepRoutes', () => {
  it('declares each step with its own method, URL, access, documentation and body, and the shared tags, params and answers', async () => {
    const { app, declared } = await appWith(async (app) => {
      const step = stepRoutes(app, { tags: ['thing'], params, response, answer: async () => ({}) });
      step.post(
        '/thing/close/:id',
        { access: { permission: 'manageWO' }, summary: 'Close', operationId: 'closeThing', description: 'Why', body: reasonBody },
        async () => {},
      );
      step.get('/thing/close/:id', { access: 'signedIn', summary: 'Close by GET', operationId: 'closeThingByGet' }, async () => {});
      step.put(
        '/thing/accept/:_id',
        { access: 'signedIn', summary: 'Accept', operationId: 'acceptThing', params: underscoreParams },
        async () => {},
      );
    });
    close = () => app.close();
    // Fastify adds a HEAD route beside each GET and marks the schemas it has read: neither is the builder's.
    const ownRoutes = declared.filter((route) => route.method !== 'HEAD');
    const asDeclared = ownRoutes.map((route) => ({
      method: route.method,
      url: route.url,
      schema: Object.fromEntries(Object.entries(route.schema ?? {})),
      config: route.config,
    }));
    expect(asDeclared).toEqual([
      {
        method: 'POST',
        url: '/thing/close/:id',
        schema: { tags: ['thing'], summary: 'Close', operationId: 'closeThing', description: 'Why', params, body: reasonBody, response },
        config: { access: { permission: 'manageWO' } },
      },
      {
        method: 'GET',
        url: '/thing/close/:id',
        schema: { tags: ['thing'], summary: 'Close by GET', operationId: 'closeThingByGet', params, response },
        config: { access: 'signedIn' },
      },
      {
        method: 'PUT',
        url: '/thing/accept/:_id',
        schema: { tags: ['thing'], summary: 'Accept', operationId: 'acceptThing', params: underscoreParams, response },
        config: { access: 'signedIn' },
      },
    ]);
  });

  it('takes the step on the id its path names, with the body as validated, then answers the document as it now is', async () => {
    const taken: unknown[] = [];
    const { app } = await appWith(async (app) => {
      const step = stepRoutes(app, {
        tags: ['thing'],
        params,
        response,
        answer: async (_request, id) => ({ data: { id, status: `after ${taken.length} step(s)` } }),
      });
      step.post(
        '/thing/close/:id',
        { access: 'signedIn', summary: 'Close', operationId: 'closeThing', body: reasonBody },
        async (_request, id, body) => {
          taken.push({ id, reason: body.reason });
          return 'not the answer';
        },
      );
      step.post(
        '/thing/accept/:_id',
        { access: 'signedIn', summary: 'Accept', operationId: 'acceptThing', params: underscoreParams },
        async (_request, id, body) => {
          taken.push({ id, body });
        },
      );
    });
    close = () => app.close();

    const closed = await app.inject({ method: 'POST', url: '/thing/close/t1', payload: { reason: 'done' } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ data: { id: 't1', status: 'after 1 step(s)' } });
    const accepted = await app.inject({ method: 'POST', url: '/thing/accept/t2' });
    expect(accepted.json()).toEqual({ data: { id: 't2', status: 'after 2 step(s)' } });
    expect(taken).toEqual([
      { id: 't1', reason: 'done' },
      { id: 't2', body: undefined },
    ]);

    // Invalid params or body never reach the step.
    expect((await app.inject({ method: 'POST', url: '/thing/close/x', payload: { reason: 'done' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/thing/close/t3', payload: {} })).statusCode).toBe(400);
    expect(taken).toHaveLength(2);
  });

  it('answers what the step returns when the document is not read again', async () => {
    const { app } = await appWith(async (app) => {
      const step = stepRoutes(app, { tags: ['thing'], params, response });
      step.post('/thing/move/:id', { access: 'signedIn', summary: 'Move', operationId: 'moveThing' }, async (_request, id) => ({
        data: { id, status: 'moved' },
      }));
    });
    close = () => app.close();
    const moved = await app.inject({ method: 'POST', url: '/thing/move/t1' });
    expect(moved.json()).toEqual({ data: { id: 't1', status: 'moved' } });
  });
});
