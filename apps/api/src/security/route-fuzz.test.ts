import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PATH_PARAM_LENGTH } from '../plugins/route-methods.js';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createFile,
  createInventoryItem,
  createMaterialRequest,
  createOrganisation,
  createPricebookItem,
  createPurchaseOrder,
  createRole,
  createSla,
  createUser,
  createWarehouse,
  type TestUser,
  TINY_PDF,
  TINY_PNG,
} from '../test/factories.js';
import {
  type Access,
  accessOf,
  buildRequest,
  checksOf,
  createAppWithRouteTable,
  holderOf,
  inject,
  isMultipart,
  isOptional,
  isZod,
  queryString,
  randomIdOf,
  type TableRoute,
} from './route-table.js';

// A fuzz of every route's request schema (docs/architecture.md#security-baseline: a 500 never answers bad input):
// arbitraries derived from the zod schemas of its path, query and body, mixed with hostile values
// (NUL, very long, unicode, SQL-ish, wrong types, null, lists) and malformed bodies, sent as a
// user who may call the route. No answer may be a 5xx.

// FUZZ_REQUESTS and FUZZ_SEED let a longer or a repeated run hunt a rare failure locally.
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const { t, routes } = await createAppWithRouteTable();
afterAll(async () => {
  await t.close();
});

const fuzzed = routes
  .filter((route) => route.method !== 'HEAD')
  .map((route) => ({ route, access: accessOf(route) }))
  .filter((r): r is { route: TableRoute; access: Access } => typeof r.access !== 'string');
const runsPerRoute = Math.ceil(TOTAL_REQUESTS / fuzzed.length);

// Real objects, so some requests reach past "not found": one organisation per kind, its callers made per route.
const organisations = new Map<string, Promise<string>>();
const organisationOf = (kind: Parameters<typeof createOrganisation>[1]['kind']) => {
  let id = organisations.get(kind);
  if (!id) {
    id = createOrganisation(t.db, { kind }).then((o) => o.id);
    organisations.set(kind, id);
  }
  return id;
};
const owner = await createUser(t.db, { organisationId: await organisationOf('asset_owner'), roleKey: 'asset_owner', isOrgAdmin: true });
const mro = await createUser(t.db, { organisationId: await organisationOf('mro'), roleKey: 'mro', isOrgAdmin: true });
const technician = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
const staff = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
const categoryId = await createCategory(t.db, 'Fuzz power');
const subCategoryId = await createCategory(t.db, 'Fuzz generator', categoryId);
const clusterId = await createCluster(t, owner);
const assetId = await createAsset(t, owner, { categoryId, clusterId });
const looseAssetId = await createAsset(t, owner, { categoryId });
await assignToProvider(t, owner, { providerId: mro.organisationId, assetIds: [looseAssetId], clusterIds: [clusterId] });
// Supplies (issue 11): the owner's store and an item of it, a pending material request for the item,
// and an order to the supplier, accepted and delivered in part (its lines, so deliveries and receipts reach them).
const supplier = await createUser(t.db, { organisationId: await organisationOf('supplier'), roleKey: 'supplier', isOrgAdmin: true });
const warehouseId = await createWarehouse(t, owner);
const itemId = await createInventoryItem(t, owner, warehouseId, { quantity: 1_000 });
const materialRequestId = await createMaterialRequest(t, owner, { warehouse: warehouseId, lines: [{ item: itemId, quantity: 1 }] });
const supplierItemId = await createPricebookItem(t, supplier, { kind: 'spare_part' });
const purchaseOrderId = await createPurchaseOrder(t, owner, {
  supplier: supplier.organisationId,
  warehouse: warehouseId,
  lines: [
    { pricebookItem: supplierItemId, quantity: 1_000 },
    { name: 'Fuzz gasket', price: '800.00', quantity: 1_000 },
  ],
});
const linesOf = async (url: string) => {
  const res = await t.app.inject({ url, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.lines as { _id: string }[]).map((line) => line._id);
};
const orderLines = await linesOf(`/v2/purchase-order/${purchaseOrderId}`);
for (const [url, payload] of [
  [`/v2/purchase-order/sent/accept/${purchaseOrderId}`, undefined],
  [`/v2/purchase-order/dispatch/${purchaseOrderId}`, { lines: orderLines.map((line) => ({ line, quantity: 500 })) }],
] as const) {
  const res = await t.app.inject({ method: 'POST', url, headers: supplier.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
}
const realIds = [
  owner.id,
  staff.id,
  mro.id,
  technician.id,
  owner.organisationId,
  mro.organisationId,
  categoryId,
  subCategoryId,
  clusterId,
  assetId,
  looseAssetId,
  (await createRole(t.db, owner.organisationId, ['viewAsset'])).id,
  await createFile(t, owner, { type: 'png' }),
  await createFile(t, owner),
  await createSla(t, owner, { providerId: mro.organisationId, assetIds: [looseAssetId] }),
  supplier.organisationId,
  warehouseId,
  itemId,
  materialRequestId,
  ...(await linesOf(`/v2/material-request/${materialRequestId}`)),
  supplierItemId,
  purchaseOrderId,
  ...orderLines,
];

/** A caller of the route: a fresh user (its own session, so logging out ends only its runs) of a role that may call it. */
async function callerOf(access: Access): Promise<TestUser | null> {
  if (access.type === 'public') return null;
  if (access.type === 'signedIn')
    return createUser(t.db, { organisationId: owner.organisationId, roleKey: 'asset_owner', isOrgAdmin: true });
  const holder = holderOf(access.anyOf[0]!, access.kinds)!;
  return createUser(t.db, { organisationId: await organisationOf(holder.kind), roleKey: holder.roleKey, isOrgAdmin: true });
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%_\\',
  '\\',
  '"',
  '$1',
  // Template syntax of several engines.
  `$${'{7*7}'}{{7*7}}`,
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '😀🏗️ Ọmọ ilé',
  '\u202e\u200b\ufeff',
  '\ud800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '2024-02-30',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(257),
  'é'.repeat(5_000),
  'x'.repeat(100_001),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.constant({ __proto__: { admin: true } }),
);

const idValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...realIds) },
  { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** The schema's values, often, and now and then a hostile string or a value of the wrong type. */
function hostile<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType });
}

// ---------------------------------------------------------------------------------------------
// Arbitraries from zod schemas (zod 4 definitions)

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (isZod(schema) ? (schema._zod.def as Def) : undefined);

function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return hostile(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()));
  switch (def.type) {
    case 'optional':
      return fc.option(arbitraryOf(def.innerType, depth), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType, depth), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(arbitraryOf(def.innerType, depth), { nil: undefined, freq: 3 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType, depth);
    case 'pipe': {
      const out = defOf(def.out);
      return out && out.type !== 'transform'
        ? fc.oneof(arbitraryOf(def.in, depth), arbitraryOf(def.out, depth))
        : arbitraryOf(def.in, depth);
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, arbitraryOf(field, depth + 1)]));
      const required = Object.keys(shape).filter((name) => !isOptional(shape[name]));
      const record = fc.record(fields, { requiredKeys: required });
      // Now and then a required field is left out, or an unknown one is added.
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.string({ maxLength: 12 }), hostileString)
            .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
        },
      );
    }
    case 'array': {
      const max = Number(checksOf(def).find((c) => c.check === 'max_length')?.maximum ?? 5);
      const element = arbitraryOf(def.element, depth + 1);
      return fc.oneof(
        { weight: 8, arbitrary: fc.array(element, { maxLength: Math.min(max, 4) }) },
        { weight: 1, arbitrary: fc.array(element, { minLength: max + 1, maxLength: max + 1 }) },
      );
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, depth + 1)));
    case 'enum':
      return hostile(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case 'literal':
      return hostile(fc.constantFrom(...(def.values as unknown[])));
    case 'boolean':
      return hostile(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'number':
    case 'int': {
      const checks = checksOf(def);
      const low = Number(checks.find((c) => c.check === 'greater_than')?.value ?? -1_000);
      const high = Number(checks.find((c) => c.check === 'less_than')?.value ?? 1_000_000);
      const safe = (n: number) => Math.max(Math.min(n, Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
      return hostile(
        fc.oneof(
          fc.integer({ min: safe(Math.ceil(low) - 1), max: safe(Math.floor(Math.min(high, low + 100_000)) + 1) }),
          fc.constantFrom(safe(low), safe(high), safe(high) + 1, 0.5, -0),
        ),
      );
    }
    case 'string':
      return hostile(stringArbitrary(def));
    default:
      return hostile(fc.string({ maxLength: 10 }));
  }
}

/** Whether fast-check can make strings of the pattern (it reads no lookaheads). */
function readablePattern(pattern: RegExp): boolean {
  try {
    fc.stringMatching(pattern);
    return true;
  } catch {
    return false;
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const format =
    (def.format as string | undefined) ?? (checksOf(def).find((c) => c.check === 'string_format')?.format as string | undefined);
  if (format === 'uuid') return idValue;
  if (format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('Mixed.Case@Example.COM'));
  if (format === 'date')
    return fc.oneof(fc.constantFrom('2024-01-15', '2024-02-29', '2023-02-29', '1900-01-01', '9999-12-31'), fc.string({ maxLength: 12 }));
  const checks = checksOf(def);
  const max = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 60);
  const patterns = checks.filter((c) => c.format === 'regex' && c.pattern instanceof RegExp).map((c) => c.pattern as RegExp);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: Math.min(max, 30) }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), ' '.repeat(max + 1)) },
    ...patterns.filter(readablePattern).map((pattern) => ({ weight: 3, arbitrary: fc.stringMatching(pattern, { size: 'xsmall' }) })),
    // Patterns fast-check cannot read (a lookahead): a day and an amount, which they take.
    { weight: 1, arbitrary: fc.constantFrom('2024-01-15', '1250.00', '1,250,000.50') },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A path segment: a value of the schema (encoded), or raw hostile text as it stands in the URL. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%C0%AE%C0%AE', '..', '%2e%2e%2f', '%F0%9F', '%ff%fe', 'a%2Fb', '%20'];

/** Percent-encoded; a lone surrogate (which no URL can carry) becomes U+FFFD, as a browser would send it. */
const encodeSegment = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

function paramArbitrary(schema: unknown): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: arbitraryOf(schema).map((v) => encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

interface FuzzRequest {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  authorization?: string | null;
  remoteAddress: string;
}

const JSON_TYPE = 'application/json';

/** Bodies that are not what any schema describes. */
const rawBodies = fc.constantFrom<{ payload: string; contentType?: string }>(
  { payload: 'null', contentType: JSON_TYPE },
  { payload: '[]', contentType: JSON_TYPE },
  { payload: '"text"', contentType: JSON_TYPE },
  { payload: '42', contentType: JSON_TYPE },
  { payload: '', contentType: JSON_TYPE },
  { payload: '{', contentType: JSON_TYPE },
  { payload: '{"a":1,"a":2}', contentType: JSON_TYPE },
  { payload: '{"__proto__":{"admin":true}}', contentType: JSON_TYPE },
  { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: JSON_TYPE },
  { payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: JSON_TYPE },
  { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: JSON_TYPE },
  { payload: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain', contentType: 'text/plain' },
  { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
  { payload: '{"a":1}', contentType: 'multipart/form-data' },
  { payload: '{"a":1}' },
);

/** Multipart bodies: well-formed with odd parts, and broken in the ways a client or an attacker breaks them. */
const multipartBodies = fc
  .record({
    boundary: fc.constantFrom('fuzzBoundary', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(69)),
    field: fc.constantFrom('file', 'file', 'files', '', 'file\u0000'),
    filename: fc.oneof(fc.constantFrom('assets.csv', 'photo.png', 'terms.pdf', '../../x.csv', '', 'a\u0000.csv'), hostileString),
    content: fc.oneof(
      fc.constantFrom(
        Buffer.from('name,category\nPump,Fuzz power\n'),
        Buffer.from('assetID,name\nAS-000001,\u0000\n'),
        Buffer.from('\ufeffname;category\r\n"Pump ""x""";Fuzz power\r\n'),
        TINY_PNG,
        TINY_PDF,
        TINY_PNG.subarray(0, 20),
        Buffer.alloc(0),
      ),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      hostileString.map((s) => Buffer.from(s)),
    ),
    extraField: fc.option(fc.tuple(fc.constantFrom('mode', 'file', 'x'), hostileString), { nil: undefined }),
    breakage: fc.constantFrom(
      'none',
      'none',
      'none',
      'no-closing',
      'no-headers',
      'wrong-boundary',
      'no-boundary-param',
      'garbage',
      'only-closing',
    ),
  })
  .map(({ boundary, field, filename, content, extraField, breakage }) => {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const extra = extraField ? `--${boundary}\r\nContent-Disposition: form-data; name="${extraField[0]}"\r\n\r\n${extraField[1]}\r\n` : '';
    const parts: Buffer[] = [Buffer.from(extra), Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)];
    let contentType = `multipart/form-data; boundary=${boundary}`;
    if (breakage === 'no-closing') parts.pop();
    if (breakage === 'no-headers') parts[1] = Buffer.from(`--${boundary}\r\n\r\n`);
    if (breakage === 'wrong-boundary') contentType = 'multipart/form-data; boundary=somethingElse';
    if (breakage === 'no-boundary-param') contentType = 'multipart/form-data';
    if (breakage === 'garbage') parts.splice(0, parts.length, Buffer.from('\r\n--\r\n--garbage'), content);
    if (breakage === 'only-closing') parts.splice(0, parts.length, Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), contentType };
  });

function requestArbitrary(route: TableRoute, token: string | null): fc.Arbitrary<FuzzRequest> {
  const paramsShape = defOf(route.schema.params)?.shape as Record<string, unknown> | undefined;
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((name) => paramArbitrary(paramsShape?.[name])));
  const query = route.schema.querystring
    ? fc.option(arbitraryOf(route.schema.querystring), { nil: undefined, freq: 6 })
    : fc.constant(undefined);
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = !hasBody
    ? fc.constant({})
    : isMultipart(route)
      ? fc.oneof({ weight: 6, arbitrary: multipartBodies }, { weight: 1, arbitrary: rawBodies })
      : fc.oneof(
          {
            weight: 8,
            arbitrary: arbitraryOf(route.schema.body).map((value) => ({
              payload: JSON.stringify(value) ?? 'null',
              contentType: JSON_TYPE,
            })),
          },
          { weight: 2, arbitrary: rawBodies },
        );
  const authorization: fc.Arbitrary<string | null> = fc.oneof(
    { weight: 12, arbitrary: fc.constant(token ? `Bearer ${token}` : null) },
    { weight: 1, arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,300}$/).map((s) => `Bearer ${s}`) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', `bearer ${token ?? ''}`, `Bearer ${'A'.repeat(8_000)}`, 'Basic YTpi') },
  );
  return fc
    .record({ params, query, body, authorization, remoteAddress: fc.ipV4() })
    .map(({ params: values, query: q, body: b, authorization: auth, remoteAddress }) => {
      let i = 0;
      const path = route.url.replace(/:(\w+)/g, () => values[i++] ?? '');
      const search = q && typeof q === 'object' && !Array.isArray(q) ? queryString(q as Record<string, unknown>) : '';
      const request: FuzzRequest = { url: search ? `${path}?${search}` : path, ...b, authorization: auth, remoteAddress };
      // fast-check shows a failing request the way the failure message does.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

let sent = 0;
const serverErrors: string[] = [];

async function send(route: TableRoute, request: FuzzRequest) {
  sent++;
  const headers: Record<string, string> = {};
  if (request.authorization) headers.authorization = request.authorization;
  if (request.contentType) headers['content-type'] = request.contentType;
  const res = await inject(t.app, {
    method: route.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: request.remoteAddress,
  });
  if (res.statusCode >= 500) serverErrors.push(`${route.key}: ${res.statusCode} for ${describeRequest(request)}`);
  return res;
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.payload === undefined
      ? ''
      : ` ${request.contentType ?? 'no content type'} ${JSON.stringify(String(request.payload).slice(0, 300))}`;
  return `${request.url.slice(0, 300)}${body}`;
}

describe('a fuzz of every route’s request schema', () => {
  for (const { route, access } of fuzzed) {
    it(`${route.key} never answers 5xx`, async () => {
      const caller = await callerOf(access);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, caller?.token ?? null), async (request) => {
          const res = await send(route, request);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)} for ${describeRequest(request)}`);
        }),
        { numRuns: runsPerRoute, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }

  it('sends at least 5,000 requests', () => {
    expect(runsPerRoute * fuzzed.length).toBeGreaterThanOrEqual(5_000);
    // A route that answered 5xx stopped at its first one (and failed above).
    if (serverErrors.length === 0) expect(sent).toBeGreaterThanOrEqual(5_000);
  });
});

// ---------------------------------------------------------------------------------------------
// Every route, deterministically: text the database cannot store, path parameters longer than
// any route takes, and methods the path does not have. Each a clear 4xx, never a 5xx.

/** Every string of a value (a request's body) replaced. */
function withStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => withStrings(item, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, replace)]));
  return value;
}

/** Text PostgreSQL cannot store: lone surrogates (jsonb refuses their escapes) and a NUL. */
const UNSTORABLE = [(text: string) => `M\ud800${text}`, (text: string) => `${text}\udfff`, (text: string) => `${text}\u0000`];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE'] as const;

describe('every route, with text the database cannot store, over-long parameters and wrong methods', () => {
  const routeKeys = new Set(fuzzed.map(({ route }) => route.key));
  for (const { route, access } of fuzzed) {
    it(`${route.key} answers each with a 4xx`, async () => {
      const caller = await callerOf(access);
      const headers: Record<string, string> = caller ? { ...caller.headers } : {};
      // The caller holds the route's first permission (callerOf), which the sample is made for.
      const valid = buildRequest(route, (field) => randomIdOf(route, field), access.type === 'permission' ? access.anyOf[0] : undefined);
      const answers: { what: string; status: number; body: string }[] = [];
      const ask = async (what: string, options: { method?: string; url: string; payload?: unknown; contentType?: string }) => {
        const res = await inject(t.app, {
          method: (options.method ?? route.method) as 'GET',
          url: options.url,
          headers: { ...headers, ...(options.contentType ? { 'content-type': options.contentType } : {}) },
          ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
          remoteAddress: fc.sample(fc.ipV4(), 1)[0]!,
        });
        answers.push({ what, status: res.statusCode, body: res.body });
        return res;
      };
      // Every string of the body, and of the query, made unstorable: refused before any write.
      if (!isMultipart(route) && valid.payload && typeof valid.payload === 'object') {
        for (const [n, unstorable] of UNSTORABLE.entries()) {
          const payload = JSON.stringify(withStrings(valid.payload, unstorable));
          const res = await ask(`body #${n}`, { url: valid.url, payload, contentType: 'application/json' });
          // Refused, whoever asks: a body with any text in it is a 400 (or the caller's 401/403/404 first).
          if (/"[^"]*":"/.test(payload))
            expect([400, 401, 403, 404, 405, 409, 429], `${route.key} body #${n}: ${res.body}`).toContain(res.statusCode);
        }
      }
      const [path, search] = valid.url.split('?');
      if (search) {
        const query = Object.fromEntries(new URLSearchParams(search));
        for (const [n, unstorable] of UNSTORABLE.entries()) {
          await ask(`query #${n}`, { url: `${path}?${queryString(withStrings(query, unstorable) as Record<string, unknown>)}` });
        }
      }
      // Path parameters: at the longest the router takes, and past it; no answer echoes them.
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const length of [MAX_PATH_PARAM_LENGTH, MAX_PATH_PARAM_LENGTH + 1, 5_000]) {
        if (names.length === 0) break;
        const long = 'x'.repeat(length);
        const res = await ask(`a parameter of ${length}`, {
          url: route.url.replace(/:(\w+)/g, long),
          ...(route.method === 'GET' ? {} : { payload: valid.payload ?? {} }),
        });
        expect(res.body, `${route.key} echoes a parameter`).not.toContain(long.slice(0, 120));
        if (length > MAX_PATH_PARAM_LENGTH) expect([400, 404, 401], `${route.key} ${res.body}`).toContain(res.statusCode);
      }
      // Methods the path does not have: 405 with the ones it has.
      for (const method of METHODS) {
        if (routeKeys.has(`${method} ${route.url}`) || (method === 'GET' && routeKeys.has(`HEAD ${route.url}`))) continue;
        if (fuzzed.some(({ route: other }) => other.method === method && other.url !== route.url && samePath(other.url, path!))) continue;
        const res = await ask(`${method}`, { method, url: path!, ...(method === 'GET' || method === 'TRACE' ? {} : { payload: {} }) });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(405);
        expect(String(res.headers.allow), `${method} ${path}`).toContain(route.method);
      }
      expect(answers.filter((a) => a.status >= 500).map((a) => `${a.what}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    });
  }
});

/** Whether a concrete path matches another route's pattern (`/v2/asset/:id` matches `/v2/asset/bulk`). */
function samePath(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}
