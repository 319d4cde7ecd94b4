import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://amp.example.ng/' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/config/public', () => {
  it('tells anyone the address the app is reached at, without a trailing slash', async () => {
    const res = await t.app.inject({ url: '/v2/config/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { publicUrl: 'https://amp.example.ng' } });
    expect(res.headers['cache-control']).toContain('public');
  });
});
