import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { formatMessage } from '@amp/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: formatMessage('AUTH.TOO_MANY_ATTEMPTS') };

describe('the general request limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_USER: '3', RATE_LIMIT_PER_IP: '2' });
  });
  afterAll(async () => t?.close());

  it("counts a signed-in user's requests: RateLimit headers on each answer, then 429 with Retry-After in the error shape", async () => {
    const user = await createUser(t.db, { roleKey: 'asset_owner' });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v2/account/me', headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const over = await t.app.inject({ method: 'GET', url: '/v2/account/me', headers: user.headers });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(TOO_MANY);
    expect(over.headers['ratelimit-limit']).toBe('3');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another user of the same address has a count of their own.
    const other = await createUser(t.db, { roleKey: 'asset_owner' });
    expect((await t.app.inject({ method: 'GET', url: '/v2/account/me', headers: other.headers })).statusCode).toBe(200);
  });

  it('counts requests without a session per IP, with its own ceiling, before the access guard', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v2/states', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('2');
    }
    // An unknown token is no session: it counts against the address, and the limit answers before the guard's 401.
    const flood = await t.app.inject({
      method: 'GET',
      url: '/v2/account/me',
      remoteAddress: ip,
      headers: { authorization: 'Bearer nope' },
    });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual(TOO_MANY);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);

    expect((await t.app.inject({ method: 'GET', url: '/v2/states', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('leaves the API document alone', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0 ? 'redis-server' : undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Runs where a redis-server binary is installed (CI installs one); skipped elsewhere.
describe.skipIf(!redisServer)('the general request limit with REDIS_URL', () => {
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}`;
    a = await createTestApp({ REDIS_URL: url, RATE_LIMIT_PER_IP: '3' });
    b = await createTestApp({ REDIS_URL: url, RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    redis?.kill();
  });

  it('shares one count between two API processes', async () => {
    const ip = '198.51.100.4';
    const answers = [];
    for (const app of [a, b, a, b])
      answers.push((await app.app.inject({ method: 'GET', url: '/v2/states', remoteAddress: ip })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
