import { operation } from '@amp/contracts/operations/operation';
import { PERMISSIONS } from '@amp/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOMAIN_ROUTES } from './app.js';
import { operationRoute } from './lib/operation-routes.js';
import * as passwords from './lib/passwords.js';
import { hashToken, newToken } from './lib/tokens.js';
import { replaceOneTimeToken } from './modules/account/account.repository.js';
import { RESET_LIMIT_PER_IP } from './modules/account/account.service.js';
import { redactPath } from './plugins/logging.js';
import { createCategory, createFile } from './test/factories.js';
import { createTestApp, createUser, type TestApp, type TestUser } from './test/harness.js';

/**
 * Fixes found by a sweep of every route with random and hostile input (issue 7, "Reliability
 * fixes"): NUL characters, malformed uploads, bodies that are not objects, tokens and personal
 * data in the log, caching of downloads.
 */

// The password hash is spied on, to prove a dead reset token costs none.
vi.mock('./lib/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./lib/passwords.js')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** Routes only this file's app has: a failing query with personal data in it, and a NUL sent straight to PostgreSQL. */
const probe = (path: string, operationId: string) =>
  operation({ method: 'GET', path, tags: ['probe'], summary: 'A probe of this test', operationId, access: 'public', response: {} });
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, probe('/v2/probe/failing-query', 'probeFailingQuery'), async () => {
    await app.deps.db.execute(sql`select * from no_such_table where email = ${'leaked.person@example.com'}`);
    return {} as never;
  });
  operationRoute(app, probe('/v2/probe/raw-text', 'probeRawText'), async (request) => {
    const { value } = request.query as { value: string };
    await app.deps.db.execute(sql`select ${value}::text as value`);
    return {} as never;
  });
};

const logLines: string[] = [];
let t: TestApp;
let everything: TestUser;
let everythingOwner: TestUser;
let owner: TestUser;

beforeAll(async () => {
  DOMAIN_ROUTES.push(probeRoutes);
  try {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  } finally {
    DOMAIN_ROUTES.splice(DOMAIN_ROUTES.indexOf(probeRoutes), 1);
  }
  everything = await createUser(t.db, { kind: 'platform', permissions: [...PERMISSIONS] });
  everythingOwner = await createUser(t.db, { kind: 'asset_owner', permissions: [...PERMISSIONS] });
  owner = await createUser(t.db, { roleKey: 'asset_owner' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: options.headers, remoteAddress: options.ip });

/** The /v2 operations of the OpenAPI document, with path parameters as in the route table. */
function operations(): { method: string; url: string; query: string[]; kinds?: string[] }[] {
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; 'x-access'?: { kinds?: string[] } }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/v2/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        kinds: operation['x-access']?.kinds,
      })),
    );
}
const withIds = (url: string) => url.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('a NUL character in text', () => {
  it('is a 400 with the field message on login, forgot and register, never a 500', async () => {
    const login = await post('/v2/account/login', { email: 'some\u0000one@example.com', password: 'whatever-1' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ message: 'Email is not valid', errors: [{ path: 'email', message: 'Email is not valid' }] });
    const password = await post('/v2/account/login', { email: 'someone@example.com', password: 'pass\u0000word' });
    expect(password.statusCode).toBe(400);
    expect(password.json().message).toBe('Password is not valid');

    const forgot = await post('/v2/account/forgot', { email: '\u0000@example.com' });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().message).toBe('Email is not valid');

    const register = await post(
      '/v2/user/register',
      { firstName: 'Ada\u0000', lastName: 'Lovelace', email: 'ada@example.com', accountType: 'mro', acceptTerms: true },
      { ip: '10.77.0.1' },
    );
    expect(register.statusCode).toBe(400);
    expect(register.json().errors).toEqual([{ path: 'firstName', message: 'First name is not valid' }]);
    const state = await post(
      '/v2/user/register',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        accountType: 'mro',
        acceptTerms: true,
        state: { state: 'Lagos', alias: 'lag\u0000os' },
      },
      { ip: '10.77.0.1' },
    );
    expect(state.statusCode).toBe(400);
    expect(state.json().message).toBe('State is not valid');
  });

  it('is a 400 on every list with ?search=', async () => {
    const lists = operations().filter((o) => o.method === 'GET' && o.query.includes('search') && !o.url.includes('{'));
    expect(lists.length).toBeGreaterThan(5);
    for (const list of lists) {
      // A route for some kinds of organisation only (sending service requests: an owner's) is asked by an owner.
      const caller = list.kinds?.includes('asset_owner') ? everythingOwner : everything;
      const res = await t.app.inject({ url: `${list.url}?search=a%00b`, headers: caller.headers });
      expect(res.statusCode, `${list.url}: ${res.body}`).toBe(400);
      expect(res.json().message, list.url).toBe('Search is not valid');
    }
  });

  it('is a 400 in a body field of a signed-in form (cluster name, user edit)', async () => {
    const cluster = await post('/v2/cluster/create/', { name: 'North\u0000', state: 'lagos' }, { headers: owner.headers });
    expect(cluster.statusCode).toBe(400);
    expect(cluster.json().errors).toEqual(expect.arrayContaining([{ path: 'name', message: 'Name is not valid' }]));
  });

  it('that reaches PostgreSQL anyway is a 400, not a 500 (error 22021)', async () => {
    const res = await t.app.inject({ url: '/v2/probe/raw-text?value=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Field is not valid' });
    expect((await t.app.inject({ url: '/v2/probe/raw-text?value=ab' })).statusCode).toBe(200);
  });
});

describe('malformed multipart bodies', () => {
  const routes = ['/v2/file/upload', '/v2/asset/bulk/add', '/v2/asset/bulk/update'];
  const part = (boundary: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${content}`;
  const bodies: [string, string | undefined, string][] = [
    ['a wrong boundary', 'multipart/form-data; boundary=expected', `${part('other', 'name,category\nA,B\n')}\r\n--other--\r\n`],
    ['no boundary', 'multipart/form-data', `${part('b', 'name,category\n')}\r\n--b--\r\n`],
    ['a truncated body', 'multipart/form-data; boundary=b', part('b', 'name,category\nPump,Water\n')],
    ['a truncated part header', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; na'],
    ['garbage', 'multipart/form-data; boundary=b', '\u0001\u0002 not multipart at all \r\n\r\n--'],
    ['an empty body', 'multipart/form-data; boundary=b', ''],
    ['no file part', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n'],
    [
      'a file in another field',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="a.csv"\r\n\r\nname\n\r\n--b--\r\n',
    ],
    ['a JSON body', 'application/json', '{"file":"x"}'],
    ['a text body', 'text/plain', 'name,category'],
    ['a body of an unknown type', 'application/x-unknown', 'abc'],
  ];

  for (const url of routes) {
    it(`answers 4xx, never 5xx, on ${url}`, async () => {
      for (const [name, contentType, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...owner.headers, ...(contentType ? { 'content-type': contentType } : {}) },
          payload,
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      }
    });

    it(`answers 400 with the missing-file message for a cut-short body on ${url}`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...owner.headers, 'content-type': 'multipart/form-data; boundary=b' },
        payload: part('b', 'name,category\nPump,Water\n'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'file', message: url === '/v2/file/upload' ? 'Choose a file to upload' : 'File is required' },
      ]);
    });
  }
});

describe('dates', () => {
  it('of the year 0000 (valid ISO, out of PostgreSQL’s range) are a 400 with the field message', async () => {
    const category = await createCategory(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/create/',
      headers: owner.headers,
      payload: { name: 'Year zero pump', categoryId: category, installationDate: '0000-02-29' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'installationDate', message: 'Installation date is not valid' });
  });
});

describe('bodies that are not objects', () => {
  it('POST /v2/sla/create/ answers 400 for null, a list, a string and text that is not JSON', async () => {
    const asJson = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/sla/create/',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload,
      });
    for (const payload of ['null', '[]', '"text"', '42', '{not json']) {
      const res = await asJson(payload);
      expect(res.statusCode, payload).toBe(400);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/v2/sla/create/',
      headers: { ...owner.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
  });

  it('every POST, PUT and PATCH route answers 4xx (never 5xx) to null, list, string and non-JSON bodies', async () => {
    const writes = operations().filter(
      (o) => ['POST', 'PUT', 'PATCH'].includes(o.method) && o.url !== '/v2/account/logout' && !o.url.includes('/probe/'),
    );
    expect(writes.length).toBeGreaterThan(10);
    const bodies: [string, string][] = [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '[null]'],
      ['application/json', '"text"'],
      ['application/json', 'true'],
      ['application/json', '{"a":'],
      ['text/plain', 'hello'],
    ];
    const failures: string[] = [];
    let validated = 0;
    for (const route of writes) {
      for (const [contentType, payload] of bodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: withIds(route.url),
          headers: { ...everything.headers, 'content-type': contentType },
          payload,
          remoteAddress: '10.88.0.1',
        });
        if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${route.method} ${route.url} ${payload}: ${res.statusCode}`);
        if (res.statusCode === 400) validated++;
      }
    }
    expect(failures).toEqual([]);
    // The caller holds every permission, so most bodies reach validation (not a 401/403 in front of it).
    expect(validated).toBeGreaterThan((writes.length * bodies.length) / 2);
  });
});

describe('reset and set-password tokens', () => {
  async function resetToken(user: TestUser): Promise<string> {
    const token = newToken();
    await replaceOneTimeToken(t.db, user.id, 'reset', hashToken(token), 60);
    return token;
  }
  const reset = (token: string, password: string, ip = '10.60.0.1') => post(`/v2/account/reset/${token}`, { password }, { ip });

  it('never appear in the log, in the API path, the web page path or a query string', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user);
    const from = logLines.length;
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, 'a-long-new-password')).statusCode).toBe(200);
    expect((await reset(token, 'a-long-new-password')).statusCode).toBe(400);
    // The web page of the link, and unknown paths and query strings that carry it.
    await t.app.inject({ url: `/auth/reset-password/${token}` });
    await t.app.inject({ url: `/v2/account/reset/${token}/extra` });
    await t.app.inject({ url: `/v2/account/me?accessToken=${token}&token=${token}`, headers: user.headers });
    const lines = logLines.slice(from).join('');
    expect(lines).toContain('/v2/account/reset/:resetToken');
    expect(lines).toContain('/auth/reset-password/[redacted]');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain(token.slice(0, 20));
  });

  it('costs no password hash when the token is dead, and is not used up by a refused password', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user);
    const hash = vi.mocked(passwords.hashPassword);
    hash.mockClear();
    expect((await reset('not-a-real-token', 'a-long-new-password', '10.61.0.1')).json().message).toBe(
      'Token has either expired or not valid',
    );
    expect(hash).not.toHaveBeenCalled();

    const short = await reset(token, 'short', '10.61.0.1');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'password', message: 'Minimum 8 symbols' }]);
    expect(hash).not.toHaveBeenCalled();
    expect((await reset(token, 'a-long-new-password', '10.61.0.1')).statusCode).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
    const login = await post('/v2/account/login', { email: user.email, password: 'a-long-new-password' }, { ip: '10.61.0.2' });
    expect(login.statusCode).toBe(200);
  });

  it('are tried at most 20 times per IP in 15 minutes (429 with Retry-After)', async () => {
    expect(RESET_LIMIT_PER_IP).toBe(20);
    for (let i = 0; i < RESET_LIMIT_PER_IP; i++) expect((await reset(newToken(), 'a-long-new-password', '10.62.0.1')).statusCode).toBe(400);
    const user = await createUser(t.db);
    const token = await resetToken(user);
    const blocked = await reset(token, 'a-long-new-password', '10.62.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The blocked attempt did not use the token up; another address may still reset.
    expect((await reset(token, 'a-long-new-password', '10.62.0.2')).statusCode).toBe(200);
  });

  it('redacts token segments and drops query strings from paths the log shows', () => {
    const token = newToken();
    expect(redactPath(`/auth/reset-password/${token}?x=1`)).toBe('/auth/reset-password/[redacted]');
    expect(redactPath(`/v2/account/reset/${token}`)).toBe('/v2/account/reset/[redacted]');
    expect(redactPath(`/anything/${token}/else`)).toBe('/anything/[redacted]/else');
    expect(redactPath('/v2/asset/00000000-0000-4000-8000-000000000000?search=someone@example.com')).toBe(
      '/v2/asset/00000000-0000-4000-8000-000000000000',
    );
  });
});

describe('file downloads', () => {
  it('are sent with Cache-Control: no-store, original and thumbnail', async () => {
    const id = await createFile(t, owner, { type: 'png' });
    for (const url of [`/v2/file/${id}`, `/v2/file/${id}/thumbnail`]) {
      const res = await t.app.inject({ url, headers: owner.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('the request log', () => {
  it('names a mail kept in the outbox by its id, never by its recipient', async () => {
    const user = await createUser(t.db, { email: 'quiet.recipient@example.com' });
    const from = logLines.length;
    expect((await post('/v2/account/forgot', { email: user.email }, { ip: '10.62.0.1' })).statusCode).toBe(200);
    const kept = async () =>
      logLines
        .slice(from)
        .map((line) => JSON.parse(line) as { msg: string; mailId?: string })
        .find((line) => line.msg === 'mail kept in outbox (no SMTP_URL)');
    for (let waited = 0; !(await kept()) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await kept())?.mailId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines.slice(from).join('')).not.toContain('quiet.recipient');
  });

  it('shows the route and method, never the query string with emails and names', async () => {
    const from = logLines.length;
    const res = await t.app.inject({ url: '/v2/user?search=someone.private@example.com&page=1', headers: everything.headers });
    expect(res.statusCode).toBe(200);
    const lines = logLines.slice(from).map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } });
    expect(lines.find((line) => line.msg === 'incoming request')?.req).toMatchObject({ method: 'GET', url: '/v2/user' });
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
    expect(logLines.slice(from).join('')).not.toContain('someone.private');
  });

  it('logs a 500 by route and method, without the query string or the values of the failed query', async () => {
    const from = logLines.length;
    const res = await t.app.inject({ url: '/v2/probe/failing-query?name=Jane%20Secretname&email=jane@example.com' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    const text = logLines.slice(from).join('');
    const failed = logLines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg: string; route?: string; method?: string; err?: { message: string } })
      .find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ method: 'GET', route: '/v2/probe/failing-query' });
    expect(failed?.err?.message).toContain('no_such_table');
    expect(text).not.toContain('Secretname');
    expect(text).not.toContain('jane@example.com');
    expect(text).not.toContain('leaked.person@example.com');
  });
});
