import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { RECORD_IDS } from '@amp/contracts/fields';
import { ORGANISATION_KINDS, type OrganisationKind, SYSTEM_ROLES, type SystemRoleKey } from '@amp/contracts/organisation';
import { isPermission, type Permission } from '@amp/contracts/permissions';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOMAIN_ROUTES } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { moduleTenancyFixtures } from './tenancy-fixture.js';

/**
 * The route table as the route-wide security tests see it: every /v2 route of the real app with
 * its access rule and request schemas, and what the tests need to call it (which of its fields are
 * ids of what, and a request that passes validation). A route the tests cannot classify makes them
 * fail with its name, so a new route is either covered or explicitly decided on.
 */

export interface TableRoute {
  method: string;
  url: string;
  /** "METHOD /url", as the maps below and the failure messages name it. */
  key: string;
  access: unknown;
  /** The route reads If-Match (`config.versioned`). */
  versioned: boolean;
  schema: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: readonly string[] };
}

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The test app, built with a collector of its route table in front of the domain routes (as routes.test.ts does). */
export async function createAppWithRouteTable(
  env: Record<string, string> = {},
  /** Plugins of the test run in the root context before the domain routes (hooks over every route). */
  rootPlugins: ((app: FastifyInstance) => Promise<void>)[] = [],
): Promise<{ t: TestApp; routes: TableRoute[] }> {
  const collected: TableRoute[] = [];
  const collector = async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        const schema = (route.schema ?? {}) as TableRoute['schema'];
        collected.push({
          method: String(method),
          url: route.url,
          key: keyOf({ method: String(method), url: route.url }),
          access: route.config?.access,
          versioned: route.config?.versioned === true,
          schema,
        });
      }
    });
  };
  // Runs in the root context (skip-override, as fastify-plugin does), so it sees every route registered after it.
  const root = (fn: (app: FastifyInstance) => Promise<void>) =>
    Object.assign(fn, { [Symbol.for('skip-override')]: true }) as unknown as FastifyPluginAsyncZod;
  const plugins = [collector, ...rootPlugins].map(root);
  DOMAIN_ROUTES.unshift(...plugins);
  let t: TestApp;
  try {
    t = await createTestApp(env);
  } finally {
    for (const plugin of plugins) DOMAIN_ROUTES.splice(DOMAIN_ROUTES.indexOf(plugin), 1);
  }
  const routes = collected.filter((r) => r.url.startsWith('/v2'));
  // Whatever the router serves under /v2 must have been seen by the collector.
  const served = servedRoutes(t.app);
  const seen = new Set(routes.map((r) => r.key));
  const missed = served.filter((key) => !seen.has(key));
  if (missed.length > 0) throw new Error(`Routes served but not collected (register them after the domain routes): ${missed.join(', ')}`);
  return { t, routes };
}

/** "METHOD /url" of every /v2 route in the router, read from its printed tree (each level 4 characters in, its segment added to its parent's path). */
function servedRoutes(app: FastifyInstance): string[] {
  const keys: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? (paths[depth - 1] ?? '') : '') + match[2];
    paths.length = depth;
    paths[depth] = path;
    if (match[3] && path.startsWith('/v2')) for (const method of match[3].split(',')) keys.push(`${method.trim()} ${path}`);
  }
  if (keys.length === 0) throw new Error('The printed route tree could not be read: update servedRoutes in security/route-table.ts');
  return keys;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * app.inject that also comes back from an answer that never ends (a Server-Sent Events stream):
 * such a stream is read for a moment, then the client hangs up, as a browser tab closing would.
 */
export async function inject(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  const endless = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, endless ? 50 : 10_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', done);
    stream.once('error', done);
  });
  if (!stream.readableEnded) {
    (res.raw.res as ServerResponse).req.destroy();
    stream.destroy();
  }
  return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() };
}

// ---------------------------------------------------------------------------------------------
// Access

export type Access =
  | { type: 'public' }
  | { type: 'signedIn' }
  /** `kinds`: the organisation kinds that may call it (every kind when absent). */
  | { type: 'permission'; anyOf: Permission[]; kinds?: readonly OrganisationKind[] };

/** The route's access rule, or a sentence saying why it is not one the tests know. */
export function accessOf(route: TableRoute): Access | string {
  const access = route.access;
  if (access === 'public') return { type: 'public' };
  if (access === 'signedIn') return { type: 'signedIn' };
  if (typeof access === 'object' && access !== null && 'permission' in access) {
    const { permission: rule, kinds } = access as { permission: unknown; kinds?: unknown };
    const anyOf = [rule].flat();
    if (
      kinds !== undefined &&
      !(Array.isArray(kinds) && kinds.length > 0 && kinds.every((k) => (ORGANISATION_KINDS as readonly unknown[]).includes(k)))
    )
      return `${route.key}: unknown organisation kinds ${JSON.stringify(kinds)}`;
    if (anyOf.length > 0 && anyOf.every((p) => typeof p === 'string' && isPermission(p)))
      return { type: 'permission', anyOf: anyOf as Permission[], ...(kinds ? { kinds: kinds as OrganisationKind[] } : {}) };
  }
  return `${route.key}: unknown access rule ${JSON.stringify(access)}`;
}

/** Every organisation kind whose system role holds the permission, each with that role (the first in SYSTEM_ROLES order). */
export function holdersOf(permission: Permission): { roleKey: SystemRoleKey; kind: OrganisationKind }[] {
  const holders: { roleKey: SystemRoleKey; kind: OrganisationKind }[] = [];
  for (const [roleKey, role] of Object.entries(SYSTEM_ROLES) as [SystemRoleKey, (typeof SYSTEM_ROLES)[SystemRoleKey]][]) {
    if (!role.permissions.includes(permission)) continue;
    for (const kind of role.kinds) if (!holders.some((h) => h.kind === kind)) holders.push({ roleKey, kind });
  }
  return holders;
}

/** A system role holding the permission in an organisation of a kind the rule lets call (`kinds`; any when absent). */
export function holderOf(
  permission: Permission,
  kinds?: readonly OrganisationKind[],
): { roleKey: SystemRoleKey; kind: OrganisationKind } | undefined {
  return holdersOf(permission).find((holder) => kinds === undefined || kinds.includes(holder.kind));
}

// ---------------------------------------------------------------------------------------------
// Ids

/**
 * What an id field points at. Tenant kinds belong to one organisation: another organisation's
 * users must get "not found" for them. Shared kinds are not owned by one tenant, for the reason given.
 */
/** The tenant kinds the tenancy test itself makes records of (security/route-tenancy.test.ts buildTenant): the records the documents are raised on. */
export const HUB_TENANT_KINDS = [
  'asset',
  'cluster',
  'sla',
  'file',
  'user',
  'technician',
  'role',
  'import',
  'pricebook',
  'configuration',
  'warehouse',
  'inventory_item',
  'stock_movement',
] as const;
export type HubTenantKind = (typeof HUB_TENANT_KINDS)[number];
/** Each module's own records, in its `<module>.tenancy.ts` (security/tenancy-fixture.ts): a new document kind brings its own. */
export const MODULE_TENANCY = await moduleTenancyFixtures();
export const TENANT_KINDS: readonly string[] = [...new Set([...HUB_TENANT_KINDS, ...MODULE_TENANCY.flatMap((fixture) => fixture.kinds)])];
export type TenantKind = string;

export const SHARED_KINDS = {
  category: 'categories and sub-categories are reference data every organisation uses',
  registration: 'registrations are the platform’s queue, handled by super admins only',
  mail: 'mail delivery is the platform’s to watch, by super admins only',
  provider: 'approved providers are a directory every owner picks from (GET /v2/user/service-provider)',
  owner: 'owners are named by id on the public fault portal',
  supplier: 'active suppliers are a directory every buyer orders from (GET /v2/purchase-order/suppliers), their pricebooks its catalogue',
} as const;
export type SharedKind = keyof typeof SHARED_KINDS;
export type IdKind = TenantKind | SharedKind;

/** Id fields by name, wherever they appear (path, body or filter), unless the route is in ROUTE_ID_KINDS. */
export const FIELD_KINDS: Record<string, IdKind> = {
  userId: 'user',
  assetId: 'asset',
  assetIds: 'asset',
  clusterId: 'cluster',
  clusterIds: 'cluster',
  technicianId: 'technician',
  roleId: 'role',
  file: 'file',
  photos: 'file',
  documents: 'file',
  providerId: 'provider',
  ownerId: 'owner',
  categoryId: 'category',
  subCategoryId: 'category',
  category: 'category',
  subCategory: 'category',
  // The fault form (docs/product.md#fault-form) names its references without the Id suffix.
  asset: 'asset',
  cluster: 'cluster',
  document: 'file',
  // Service requests and observations (issue 9).
  faultId: 'fault',
  provider: 'provider',
  partyId: 'provider',
  users: 'user',
  attachments: 'file',
  evidence: 'file',
  pricebookItem: 'pricebook',
  supersedes: 'observation',
  // Work orders and approval levels (issue 10).
  workOrder: 'work_order',
  approvers: 'user',
  // Warehouses and stock (issue 11).
  warehouse: 'warehouse',
  toWarehouse: 'warehouse',
  managers: 'user',
  // Material requests and purchase orders (issue 11).
  item: 'inventory_item',
  supplier: 'supplier',
  // Reports (issue 12).
  warehouseId: 'warehouse',
};

/**
 * Routes whose reach spans every tenant for the platform's own people, by design: the super
 * admin's reports and score cards add up the whole platform (decision 0020). Every other caller
 * is held to its own organisation on them, which the tenancy test still proves.
 */
export const PLATFORM_WIDE_ROUTES = /^GET \/v2\/(report|score-card)\//;

/** The fields a name cannot tell and the contract does not declare (`recordId`): `:id` and `:_id` path parameters, by route. */
export const ROUTE_ID_KINDS: Record<string, Record<string, IdKind>> = {
  // The body's `id` of these (the path's is declared by the contract).
  'POST /v2/role/permission/:id': { id: 'role' },
  'POST /v2/fault/edit/:id': { id: 'fault' },
  'GET /v2/pricebook/of/:organisationId': { organisationId: 'provider' },
  'GET /v2/sr/raised/:id': { id: 'asset' },
  'GET /v2/wo/raised/:id': { id: 'asset' },
  'POST /v2/warehouse/movement/:id/reverse': { id: 'stock_movement' },
  // Score cards (issue 12): a provider and an owner of the directories (shared kinds); the card's own scope is tested in score-card.test.ts.
  'GET /v2/score-card/:id/work-orders': { owner: 'owner' },
  'GET /v2/score-card/mine/work-orders': { owner: 'owner' },
};

export type Location = 'params' | 'querystring' | 'body';

export interface IdField {
  location: Location;
  /** The field's path: `name`, or `lines[].itemId` inside a list of objects. */
  path: string;
  /** A list of ids rather than one. */
  many: boolean;
  /** May be left out of the request. */
  optional: boolean;
  /** The field's schema, as the contract declares it. */
  schema: unknown;
}

const ID_NAME = /^_?id$|Ids?$/;

/** The route's id fields: uuid-typed fields, and fields whose name says id (`id`, `_id`, `...Id`, `...Ids`). */
export function idFieldsOf(route: TableRoute): IdField[] {
  const fields: IdField[] = [];
  for (const location of ['params', 'querystring', 'body'] as const) {
    const walk = (shape: Record<string, unknown>, prefix: string) => {
      for (const [name, schema] of Object.entries(shape)) {
        const path = `${prefix}${name}`;
        const uuid = uuidShape(schema);
        const optional = isOptional(schema);
        if (uuid) fields.push({ location, path, many: uuid === 'many', optional, schema });
        else if (ID_NAME.test(name)) fields.push({ location, path, many: false, optional, schema });
        else {
          const nested = objectShape(schema) ?? objectShape(arrayElement(schema));
          if (nested) walk(nested, `${path}${objectShape(schema) ? '.' : '[].'}`);
        }
      }
    };
    const shape = objectShape(route.schema[location]);
    if (shape) walk(shape, '');
  }
  return fields;
}

/** The record kind the contract declares for the field (`recordId` in contracts/fields.ts), if it does. */
export function declaredKindOf(field: IdField): string | undefined {
  const declared = (schema: unknown) =>
    typeof schema === 'object' && schema !== null ? RECORD_IDS.get(schema as Parameters<typeof RECORD_IDS.get>[0])?.recordKind : undefined;
  // The field itself, or (optional, a list) the id inside it.
  const inner = unwrap(field.schema);
  return declared(field.schema) ?? declared(inner) ?? declared(unwrap(arrayElement(inner)));
}

export const isIdKind = (kind: string): kind is IdKind =>
  (TENANT_KINDS as readonly string[]).includes(kind) || Object.hasOwn(SHARED_KINDS, kind);

/** The kind of an id field of the route: as the contract declares it, else by the maps above, else undefined. */
export function kindOf(route: TableRoute, field: IdField): IdKind | undefined {
  const declared = declaredKindOf(field);
  if (declared !== undefined && isIdKind(declared)) return declared;
  const name = field.path.split(/\.|\[\]\./).at(-1)!;
  return ROUTE_ID_KINDS[route.key]?.[field.path] ?? FIELD_KINDS[name];
}

// ---------------------------------------------------------------------------------------------
// Zod schemas, read through their definitions (zod 4)

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
type ZodLike = { _zod: { def: ZodDef; optin?: string }; safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } };

export const isZod = (schema: unknown): schema is ZodLike =>
  typeof schema === 'object' && schema !== null && '_zod' in schema && typeof (schema as ZodLike).safeParse === 'function';

const defOf = (schema: unknown): ZodDef | undefined => (isZod(schema) ? schema._zod.def : undefined);

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** The schema under optional/nullable/default/... wrappers. */
export function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let def = defOf(current); def && WRAPPERS.has(def.type); def = defOf(current)) current = def.innerType;
  return current;
}

export function checksOf(def: ZodDef): { check?: string; [key: string]: unknown }[] {
  return ((def.checks as { _zod: { def: { check?: string } } }[] | undefined) ?? []).map((c) => c._zod.def);
}

function isUuid(def: ZodDef): boolean {
  return def.type === 'string' && (def.format === 'uuid' || checksOf(def).some((c) => c.format === 'uuid'));
}

function uuidShape(schema: unknown): 'one' | 'many' | null {
  const def = defOf(unwrap(schema));
  if (!def) return jsonSchemaUuid(schema);
  if (isUuid(def)) return 'one';
  if (def.type === 'pipe') return uuidShape(def.out) ?? uuidShape(def.in);
  if (def.type === 'union') {
    for (const option of def.options as unknown[]) {
      const shape = uuidShape(option);
      if (shape) return shape;
    }
    return null;
  }
  if (def.type === 'array') return uuidShape(def.element) === 'one' ? 'many' : null;
  return null;
}

/** A plain JSON schema field (a route without zod): format uuid, or an array of them. */
function jsonSchemaUuid(schema: unknown): 'one' | 'many' | null {
  const json = schema as { format?: string; items?: { format?: string } } | undefined;
  if (json?.format === 'uuid') return 'one';
  if (json?.items?.format === 'uuid') return 'many';
  return null;
}

/** The fields of an object schema (through wrappers, pipes and `object | null` unions), or null. */
export function objectShape(schema: unknown): Record<string, unknown> | null {
  const def = defOf(unwrap(schema));
  if (!def) {
    const json = schema as { type?: string; properties?: Record<string, unknown> } | undefined;
    return json?.type === 'object' && json.properties ? json.properties : null;
  }
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  if (def.type === 'pipe') return objectShape(def.in) ?? objectShape(def.out);
  if (def.type === 'union') {
    for (const option of def.options as unknown[]) {
      const shape = objectShape(option);
      if (shape) return shape;
    }
  }
  return null;
}

function arrayElement(schema: unknown): unknown {
  const def = defOf(unwrap(schema));
  return def?.type === 'array' ? def.element : undefined;
}

/** Whether a field may be left out of its object. */
export function isOptional(schema: unknown): boolean {
  return isZod(schema) ? schema._zod.optin === 'optional' : false;
}

// ---------------------------------------------------------------------------------------------
// Valid requests

let sampleCounter = 0;

/** A value the schema accepts, made from its definition (best effort: the caller checks it with safeParse). */
export function sampleOf(schema: unknown, all = false): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType, all);
    case 'pipe': {
      const out = defOf(def.out);
      return out && out.type !== 'transform' ? sampleOf(def.out, all) : sampleOf(def.in, all);
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        if (!all && isOptional(field)) continue;
        const sample = sampleOf(field, all);
        if (sample !== undefined) value[name] = sample;
      }
      return value;
    }
    case 'array': {
      const min = Number(checksOf(def).find((c) => c.check === 'min_length')?.minimum ?? 0);
      return Array.from({ length: Math.max(min, 0) }, () => sampleOf(def.element, all));
    }
    case 'union':
      for (const option of def.options as unknown[]) {
        const sample = sampleOf(option, all);
        if (sample !== null && sample !== undefined && isZod(option) && option.safeParse(sample).success) return sample;
      }
      return sampleOf((def.options as unknown[])[0], all);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'number':
    case 'int': {
      const checks = checksOf(def);
      const low = checks.find((c) => c.check === 'greater_than');
      const high = checks.find((c) => c.check === 'less_than');
      let n = low ? Number(low.value) + (low.inclusive ? 0 : 1) : 1;
      if (high && n > Number(high.value)) n = Number(high.value) - (high.inclusive ? 0 : 1);
      return n;
    }
    case 'string':
      return sampleString(schema as ZodLike, def);
    default:
      return undefined;
  }
}

function sampleString(schema: ZodLike, def: ZodDef): string {
  const n = sampleCounter++;
  const format =
    (def.format as string | undefined) ?? (checksOf(def).find((c) => c.check === 'string_format')?.format as string | undefined);
  if (format === 'uuid') return randomUuid();
  if (format === 'email') return `sample-${n}-${randomBytes(3).toString('hex')}@example.com`;
  if (format === 'date') return '2024-01-15';
  if (format === 'datetime') return '2024-01-15T10:00:00Z';
  if (format === 'url') return 'https://example.com/';
  const checks = checksOf(def);
  const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
  const max = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 64);
  const base = `Sample ${n.toString(36)} ${randomBytes(3).toString('hex')}`;
  const text = base.padEnd(Math.max(min, 1), 'x').slice(0, Math.max(max, 1));
  if (schema.safeParse(text).success) return text;
  // A pattern: an email-like text, a day or an amount, else what fast-check makes of the pattern.
  for (const candidate of [`sample-${n}@example.com`, '2024-01-15', '1250.00']) if (schema.safeParse(candidate).success) return candidate;
  for (const check of checksOf(def).filter((c) => c.format === 'regex' && c.pattern instanceof RegExp)) {
    for (const candidate of matchingSamples(check.pattern as RegExp, n)) {
      if (schema.safeParse(candidate).success) return candidate;
    }
  }
  return text;
}

/** Strings fast-check makes of a pattern; none for a pattern it cannot read (a lookahead). */
export function matchingSamples(pattern: RegExp, seed: number): string[] {
  try {
    return fc.sample(fc.stringMatching(pattern, { size: 'small' }), { numRuns: 50, seed });
  } catch {
    return [];
  }
}

/** A version 4 uuid (what z.uuid() accepts). */
export function randomUuid(): string {
  return randomUUID();
}

/** An id of the field's kind that names nothing: a random uuid, or for a stock movement (a serial number) a random one far past any made. */
export function randomIdOf(route: TableRoute, field: IdField): string {
  return kindOf(route, field) === 'stock_movement' ? `9${randomBytes(6).readUIntBE(0, 6).toString().padStart(15, '0')}` : randomUuid();
}

type SampleOverride = { params?: Record<string, unknown>; querystring?: Record<string, unknown>; body?: Record<string, unknown> };

/**
 * Bodies the schema-made sample cannot be (refinements, or rules of the service the schema does
 * not show), by route: merged over the sample before the ids are put in. `holding`: where the
 * request itself names which of the route's permissions the service asks for (a document type:
 * `wo` or `po`, `sr` or `wo`), what a caller holding that one sends instead of the sample (the
 * sample is for the route's first permission).
 */
export const SAMPLE_OVERRIDES: Record<string, SampleOverride & { holding?: Partial<Record<Permission, SampleOverride>> }> = {
  // A wrong current password: the caller's password stays as it is.
  'POST /v2/account/changepassword': {
    body: { currentPassword: 'not-the-password', password: 'battery-staple-10', confirmPassword: 'battery-staple-10' },
  },
  // A role may hold only what its maker holds: the permission that lets one make roles at all.
  'POST /v2/role/create': { body: { permissions: ['viewUserRoles'] } },
  'POST /v2/role/permission/:id': { body: { permissions: ['viewUserRoles'] } },
  'POST /v2/user/registrations/:id/decision': { body: { approve: false } },
  // A price is naira as text or a number; the sampler cannot tell which string is an amount.
  'POST /v2/pricebook/create': { body: { price: '2500.00' } },
  // A request names an asset or a cluster (one of the two optional fields).
  'POST /v2/sr/create': { body: { asset: '00000000-0000-4000-8000-000000000000', cluster: null } },
  // A work order likewise (issue 10).
  'POST /v2/wo/create': { body: { asset: '00000000-0000-4000-8000-000000000000', cluster: null } },
  // An approval level's maximum is naira as text or a number, above zero; levels of work orders, or of
  // purchase orders for the one who configures those only.
  'GET /v2/approval/approvers/:type': { params: { type: 'wo' }, holding: { poConfiguration: { params: { type: 'po' } } } },
  'POST /v2/approval/create/:type': {
    params: { type: 'wo' },
    body: { maxAmount: '100000' },
    holding: { poConfiguration: { params: { type: 'po' } } },
  },
  'POST /v2/approval/update/:id': { body: { maxAmount: '100000' } },
  'PUT /v2/approval/settings/:type': { params: { type: 'wo' }, holding: { poConfiguration: { params: { type: 'po' } } } },
  // A configuration is of service requests (no type), or of work orders for the one who configures those only.
  'POST /v2/configuration/create': { holding: { woConfiguration: { body: { type: 'wo' } } } },
  'PUT /v2/configuration/update/:id': { holding: { woConfiguration: { body: { type: 'wo' } } } },
  // A purchase order's line is a free one (its name and price) unless a pricebook item is put in (issue 11).
  'POST /v2/purchase-order/create': { body: { lines: [{ name: 'Sample seal kit', price: '1250.00', quantity: 1 }] } },
  'PUT /v2/purchase-order/update/:id': { body: { lines: [{ name: 'Sample seal kit', price: '1250.00', quantity: 1 }] } },
};

export interface BuiltRequest {
  method: string;
  url: string;
  payload?: unknown;
  /** Why the request would not pass validation, when it would not. */
  problems: string[];
}

/**
 * The permission a caller holding `held` calls the route as: the first of the route's it holds
 * (what buildRequest takes, for SAMPLE_OVERRIDES' `holding`).
 */
export function callingAs(access: Access, held: readonly string[]): Permission | undefined {
  return access.type === 'permission' ? access.anyOf.find((p) => held.includes(p)) : undefined;
}

/**
 * A request to the route that passes its schemas: required fields made from the schemas (with
 * SAMPLE_OVERRIDES, or its `holding` entry of the `permission` the caller calls it as),
 * and the id fields `ids` gives a value for (each one's value; a list field gets `[value]`). Id
 * fields it leaves out keep their sample (a random uuid) when required.
 */
export function buildRequest(route: TableRoute, ids: (field: IdField) => string | undefined, permission?: Permission): BuiltRequest {
  const fields = idFieldsOf(route);
  const problems: string[] = [];
  const parts: Partial<Record<Location, Record<string, unknown>>> = {};
  for (const location of ['params', 'querystring', 'body'] as const) {
    const schema = route.schema[location];
    if (schema === undefined) continue;
    const sample = (sampleOf(schema) ?? {}) as Record<string, unknown>;
    const override = SAMPLE_OVERRIDES[route.key];
    const instead = permission ? override?.holding?.[permission]?.[location] : undefined;
    const value: Record<string, unknown> = instead
      ? { ...instead }
      : typeof sample === 'object' && sample !== null
        ? { ...sample, ...override?.[location] }
        : sample;
    for (const field of fields.filter((f) => f.location === location)) {
      const id = ids(field);
      if (id !== undefined) setPath(value, field.path, field.many ? [id] : id, schema);
    }
    parts[location] = value;
    if (isZod(schema)) {
      const checked = schema.safeParse(location === 'querystring' ? asQueryValues(value) : value);
      if (!checked.success) problems.push(`${location}: ${JSON.stringify(checked.error?.issues)}`);
    }
  }
  let url = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(parts.params?.[name] ?? randomUuid())));
  url = url.replace(/\*$/, 'x');
  const query = parts.querystring ? queryString(parts.querystring) : '';
  return { method: route.method, url: query ? `${url}?${query}` : url, payload: parts.body, problems };
}

/** Sets `path` (`a`, `a.b` or `a[].b`) in `target`, making the list element from the schema when it is missing. */
function setPath(target: Record<string, unknown>, path: string, value: unknown, schema: unknown) {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    target[head!] = value;
    return;
  }
  const name = head!.replace(/\[\]$/, '');
  const fieldSchema = objectShape(schema)?.[name];
  if (head!.endsWith('[]')) {
    const element = arrayElement(fieldSchema);
    const list = (Array.isArray(target[name]) ? target[name] : []) as Record<string, unknown>[];
    if (list.length === 0) list.push((sampleOf(element, true) ?? {}) as Record<string, unknown>);
    target[name] = list;
    setPath(list[0]!, rest.join('.'), value, element);
  } else {
    const inner = (target[name] ?? sampleOf(fieldSchema, true) ?? {}) as Record<string, unknown>;
    target[name] = inner;
    setPath(inner, rest.join('.'), value, fieldSchema);
  }
}

/** What Fastify hands the query schema: strings, or lists of strings for a repeated key. */
function asQueryValues(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

export function queryString(value: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    for (const item of [v].flat()) search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  return search.toString();
}

/** Routes that take a multipart upload instead of a JSON body. */
export const isMultipart = (route: TableRoute) => route.schema.consumes?.includes('multipart/form-data') ?? false;
