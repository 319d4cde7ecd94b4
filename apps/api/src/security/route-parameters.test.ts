import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.js';
import {
  type Access,
  accessOf,
  buildRequest,
  createAppWithRouteTable,
  holderOf,
  inject,
  isMultipart,
  isZod,
  queryString,
  randomIdOf,
  sampleOf,
  type TableRoute,
} from './route-table.js';

// The OpenAPI document declares only what the server reads (issue: an API document that says
// less, and more, than the server does): the headers of each operation are the ones its route
// reads (Idempotency-Key on every change, If-Match on the routes that take a versioned step), and
// every query parameter a list declares is one its service reads.

/** The query keys each request's handler read, by request id (a Proxy over the parsed query). */
const queryReads = new Map<string, Set<string>>();
const recordQueryReads = async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const query = request.query;
    if (!query || typeof query !== 'object') return;
    const read = new Set<string>();
    queryReads.set(request.id, read);
    request.query = new Proxy(query, {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver);
      },
      // A copy ({ ...query }) reads every key.
      ownKeys(target) {
        for (const key of Reflect.ownKeys(target)) if (typeof key === 'string') read.add(key);
        return Reflect.ownKeys(target);
      },
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-test-request-id', request.id);
    return payload;
  });
};

const { t, routes } = await createAppWithRouteTable({}, [recordQueryReads]);
afterAll(async () => {
  await t.close();
});

type Operation = { parameters?: { in: string; name: string }[] };
const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
const operationOf = (route: TableRoute) => doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const called = routes
  .filter((route) => route.method !== 'HEAD')
  .map((route) => ({ route, access: accessOf(route) }))
  .filter((r): r is { route: TableRoute; access: Access } => typeof r.access !== 'string');

/** A user who may call the route (a system role of a kind its rule lets through), of its own: a change may end its session. */
function callerOf(access: Access): Promise<TestUser> | null {
  if (access.type === 'public') return null;
  const holder =
    access.type === 'permission'
      ? holderOf(access.anyOf[0]!, access.kinds)!
      : { roleKey: 'asset_owner' as const, kind: 'asset_owner' as const };
  return createUser(t.db, { kind: holder.kind, roleKey: holder.roleKey, isOrgAdmin: true });
}

describe('the headers each operation declares', () => {
  it('are Idempotency-Key on every change and If-Match exactly where the route reads it', () => {
    const wrong: string[] = [];
    for (const { route } of called) {
      const operation = operationOf(route);
      if (!operation) {
        wrong.push(`${route.key}: not in the document`);
        continue;
      }
      const headers = (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      const expected = BODY_METHODS.has(route.method) ? ['Idempotency-Key', ...(route.versioned ? ['If-Match'] : [])] : [];
      if (headers.join() !== expected.join())
        wrong.push(`${route.key}: declares ${headers.join(', ') || 'none'}, reads ${expected.join(', ') || 'none'}`);
    }
    expect(wrong).toEqual([]);
    expect(called.filter(({ route }) => route.versioned).length).toBeGreaterThan(30);
  });

  for (const { route, access } of called.filter(({ route }) => BODY_METHODS.has(route.method) && !isMultipart(route))) {
    it(`${route.key} ${route.versioned ? 'reads' : 'does not read'} If-Match`, async () => {
      const caller = await callerOf(access);
      const request = buildRequest(route, (field) => randomIdOf(route, field), access.type === 'permission' ? access.anyOf[0] : undefined);
      const res = await inject(t.app, {
        method: route.method as 'POST',
        url: request.url,
        headers: { ...(caller?.headers ?? {}), 'if-match': 'last tuesday' },
        payload: (request.payload ?? {}) as object,
        remoteAddress: `10.61.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      const refusedIfMatch = res.statusCode === 400 && res.body.includes('If-Match is not valid');
      if (route.versioned) expect(refusedIfMatch, `${res.statusCode} ${res.body}`).toBe(true);
      else expect(refusedIfMatch, res.body).toBe(false);
    });
  }
});

describe('the query parameters each list declares', () => {
  const lists = called.filter(({ route }) => route.method === 'GET' && isZod(route.schema.querystring) && !route.url.includes(':'));
  let reached = 0;
  for (const { route, access } of lists) {
    it(`${route.key} reads every one of them`, async () => {
      const caller = await callerOf(access);
      const schema = route.schema.querystring as { safeParse(v: unknown): { success: boolean } };
      const sample = sampleOf(route.schema.querystring, true) as Record<string, unknown>;
      // Every declared parameter sent (the sample of each, all together: a filter that empties the list is fine).
      if (!schema.safeParse(Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)]))).success) return;
      const res = await t.app.inject({ url: `${route.url}?${queryString(sample)}`, headers: caller?.headers ?? {} });
      if (res.statusCode !== 200) return;
      reached++;
      const read = queryReads.get(String(res.headers['x-test-request-id'])) ?? new Set();
      expect(
        Object.keys(sample).filter((key) => !read.has(key)),
        `${route.key} declares parameters it never reads`,
      ).toEqual([]);
    });
  }
  it('reached most lists', () => {
    expect(reached).toBeGreaterThan(lists.length / 2);
  });
});
