import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * The OpenAPI document the API serves is a promise to every client: a refactoring of how routes are
 * declared must not change it. This test holds it to openapi.snapshot.json, path by path and method
 * by method (with the named schemas they point to). A deliberate change of the API regenerates it:
 *   UPDATE_OPENAPI=1 npx vitest run src/openapi-snapshot.test.ts
 */
const SNAPSHOT = join(import.meta.dirname, '../openapi.snapshot.json');

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

let t: TestApp;
let served: Document;

beforeAll(async () => {
  t = await createTestApp();
  served = (await t.app.inject({ url: '/api/docs/json' })).json() as Document;
  if (process.env.UPDATE_OPENAPI) {
    const stable = { paths: served.paths, components: served.components ?? {} };
    writeFileSync(SNAPSHOT, `${JSON.stringify(stable, null, 2)}\n`);
  }
});
afterAll(() => t.close());

const snapshot = () => JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Document;

describe('the OpenAPI document', () => {
  it('has exactly the paths and methods of the snapshot', () => {
    const methodsOf = (doc: Document) =>
      Object.entries(doc.paths)
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();
    expect(methodsOf(served)).toEqual(methodsOf(snapshot()));
  });

  it('declares every operation exactly as the snapshot does', () => {
    const expected = snapshot();
    for (const [path, item] of Object.entries(expected.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(served.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toEqual(operation);
      }
    }
  });

  it('names the same shared schemas', () => {
    expect(served.components?.schemas ?? {}).toEqual(snapshot().components?.schemas ?? {});
  });
});
