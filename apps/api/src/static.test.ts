import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { operation } from '@amp/contracts/operations/operation';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DOMAIN_ROUTES } from './app.js';
import { loadConfig } from './config.js';
import { operationRoute } from './lib/operation-routes.js';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * The built web app is served from files compressed at build time (.br and .gz beside each file),
 * hashed assets are cached for a year and the page itself is revalidated; large JSON answers of the
 * API are compressed on the fly, streams never (docs/decisions/0013-compressed-static-and-cache.md).
 */

const INDEX = `<!doctype html><html><head><title>AMP</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const PORTAL = `<!doctype html><html><head><title>AMP</title><script type="module" src="/assets/portal-Ef56Gh78.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A /v2 route that answers a long text/event-stream body without taking over the socket. */
const testStream = operation({
  method: 'GET',
  path: '/v2/test-stream',
  tags: ['probe'],
  summary: 'A stream of this test',
  operationId: 'testStream',
  access: 'public',
  response: {},
});
const streamRoute: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, testStream, async (_request, reply) => {
    reply.header('Content-Type', 'text/event-stream; charset=utf-8');
    return `data: ${'x'.repeat(4000)}\n\n` as never;
  });
};

let dist: string;
let harness: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'amp-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  for (const [file, content] of [
    ['index.html', INDEX],
    ['portal.html', PORTAL],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dist, file), content);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
  }
  harness = await createTestApp({ WEB_DIST: dist });
  // The same app with one more /v2 route, on the harness's database.
  DOMAIN_ROUTES.push(streamRoute);
  try {
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dist, DATA_DIR: join(dist, 'data') }),
      database: harness.database,
      logger: false,
    });
    await app.ready();
  } finally {
    DOMAIN_ROUTES.splice(DOMAIN_ROUTES.indexOf(streamRoute), 1);
  }
});

afterAll(async () => {
  await app?.close();
  await harness?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a hashed asset as brotli or gzip, as the browser accepts, cached for a year', async () => {
    const br = await harness.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    // Document-only policies are left off a script; nosniff stays.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await harness.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await harness.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the page compressed and revalidated, at / and at any path of the app', async () => {
    for (const url of ['/', '/index.html', '/auth/login', '/asset/asset-list']) {
      const res = await harness.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'self'/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const gzip = await harness.app.inject({ url: '/auth/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
    const plain = await harness.app.inject({ url: '/auth/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it("sends the fault portal's own page at its paths, and the app's page at paths that only look alike", async () => {
    const ownerId = '5359f138-9694-409c-b787-9a021866dc8b';
    for (const url of [
      `/report/fault/${ownerId}`,
      `/report/fault/${ownerId}?asset=x`,
      '/report/fault/track',
      '/report/fault/track/FLT-7K3M9Q2X',
    ]) {
      const res = await harness.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(PORTAL);
    }
    for (const url of ['/report/faults', '/asset/report-fault', '/asset/reported-faults']) {
      const res = await harness.app.inject({ url });
      expect(res.body, url).toBe(INDEX);
    }
  });
});

describe('API answers', () => {
  it('compress a large JSON answer and leave a small one alone', async () => {
    const large = await harness.app.inject({ url: '/v2/states', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).data.length).toBeGreaterThan(30);

    const gzip = await harness.app.inject({ url: '/v2/states', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await harness.app.inject({ url: '/v2/config/public', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.publicUrl).toBeTruthy();
  });

  it('never compress a text/event-stream answer', async () => {
    const res = await app.inject({ url: '/v2/test-stream', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toMatch(/^data: x+\n\n$/);
  });

  it('leave the API document to the API (not compressed outside /v2)', async () => {
    const res = await harness.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
