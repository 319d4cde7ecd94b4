import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createFile,
  createImport,
  createInventoryItem,
  createPricebookItem,
  createRole,
  createSla,
  createUser,
  createWarehouse,
  dispatchTechnician,
  type TestUser,
} from '../test/factories.js';
import {
  accessOf,
  buildRequest,
  callingAs,
  createAppWithRouteTable,
  declaredKindOf,
  FIELD_KINDS,
  type HubTenantKind,
  type IdField,
  type IdKind,
  idFieldsOf,
  inject,
  isIdKind,
  kindOf,
  MODULE_TENANCY,
  PLATFORM_WIDE_ROUTES,
  ROUTE_ID_KINDS,
  randomIdOf,
  randomUuid,
  SHARED_KINDS,
  TENANT_KINDS,
  type TenantKind,
} from './route-table.js';

// docs/architecture.md#access-and-tenancy: another tenant's object is simply not found. For every route with an id (in
// the path, the body or a filter), every user of another tenant who may call the route is given a
// real object of the fitting kind, made by the factories: a path id answers 404; an id in the body
// or a filter answers exactly as an id that does not exist (a body refused with 400 or 404, or with
// the 403 the caller gets whatever the id); no answer shows the other tenant's ids; and the
// database is left as it was.

const { t, routes } = await createAppWithRouteTable();
afterAll(async () => {
  await t.close();
});

/** Path parameters that are not ids of stored objects, with the reason. */
const NOT_IDS: Record<string, string> = {
  'POST /v2/account/reset/:resetToken': 'a one-time token from an email, not an object id',
  'GET /v2/fault/track/:code': 'a fault’s public tracking code (random, told to its reporter), not an object id',
  'GET /v2/approval/:type': 'a document type (wo or po), not an object id',
  'GET /v2/approval/approvers/:type': 'a document type (wo or po), not an object id',
  'POST /v2/approval/create/:type': 'a document type (wo or po), not an object id',
  'GET /v2/approval/settings/:type': 'a document type (wo or po), not an object id',
  'PUT /v2/approval/settings/:type': 'a document type (wo or po), not an object id',
};

const categoryId = await createCategory(t.db, 'Security power');

/**
 * One tenant: an owner with staff, a custom role, a cluster, assets, files, an SLA and an import; its
 * MRO with a technician, a pricebook and a store; a supplier. The documents on them (faults,
 * requests, work orders, purchase orders, material requests) are each module's own fixture.
 */
async function buildTenant(name: string) {
  const owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: `${name} owner` });
  const role = await createRole(t.db, owner.organisationId, ['viewAsset']);
  const staff = await createUser(t.db, { organisationId: owner.organisationId, roleId: role.id });
  const mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  const technician = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  const supplier = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true, firstName: `${name} supplier` });
  const cluster = await createCluster(t, owner, { name: `${name} estate` });
  const clusterAsset = await createAsset(t, owner, { categoryId, clusterId: cluster, name: `${name} pump` });
  const photo = await createFile(t, owner, { type: 'png' });
  const looseAsset = await createAsset(t, owner, { categoryId, name: `${name} generator`, photos: [photo] });
  await assignToProvider(t, owner, { providerId: mro.organisationId, assetIds: [looseAsset], clusterIds: [cluster] });
  await dispatchTechnician(t, mro, { kind: 'asset', targetId: looseAsset, technicianId: technician.id });
  await dispatchTechnician(t, mro, { kind: 'cluster', targetId: cluster, technicianId: technician.id });
  const terms = await createFile(t, owner);
  const sla = await createSla(t, owner, { providerId: mro.organisationId, assetIds: [looseAsset], clusterIds: [cluster], file: terms });
  const upload = await createFile(t, owner);
  const importId = await createImport(t, owner, { content: 'name,category\nBorehole pump,No such category\n' });
  // The MRO's pricebook: an offered item and a retired one.
  const offered = await createPricebookItem(t, mro, { name: `${name} generator service` });
  const retired = await createPricebookItem(t, mro, { name: `${name} old filter`, kind: 'spare_part' });
  const retiring = await t.app.inject({ method: 'POST', url: `/v2/pricebook/retire/${retired}`, headers: mro.headers });
  expect(retiring.statusCode, retiring.body).toBe(200);
  // The owner's configuration of its requests' and work orders' codes.
  const configured = await t.app.inject({
    method: 'POST',
    url: '/v2/configuration/create',
    headers: owner.headers,
    payload: { codePrefix: 'SR' },
  });
  expect(configured.statusCode, configured.body).toBe(201);
  const woConfigured = await t.app.inject({
    method: 'POST',
    url: '/v2/configuration/create',
    headers: owner.headers,
    payload: { type: 'wo', codePrefix: 'WO' },
  });
  expect(woConfigured.statusCode, woConfigured.body).toBe(201);
  // The MRO's store (issue 11): a warehouse, an item with stock, and its opening movement.
  const warehouse = await createWarehouse(t, mro, { name: `${name} store` });
  const item = await createInventoryItem(t, mro, warehouse, { name: `${name} filter`, quantity: 5 });
  const history = await t.app.inject({ url: `/v2/warehouse/item/${item}/movements`, headers: mro.headers });
  expect(history.statusCode, history.body).toBe(200);
  const movementId = history.json().data[0]._id as string;
  const belt = await createInventoryItem(t, mro, warehouse, { name: `${name} belt`, quantity: 3 });
  const made = {
    asset: [clusterAsset, looseAsset],
    cluster: [cluster],
    sla: [sla],
    file: [photo, terms, upload],
    user: [owner.id, staff.id, mro.id, technician.id],
    technician: [technician.id],
    role: [role.id],
    import: [importId],
    pricebook: [offered, retired],
    configuration: [configured.json().data._id as string, woConfigured.json().data._id as string],
    warehouse: [warehouse],
    inventory_item: [item, belt],
    stock_movement: [movementId],
  } satisfies Record<HubTenantKind, string[]>;
  // Then each module's own records (modules/<module>/<module>.tenancy.ts), each after those it needs.
  const objects: Record<string, string[]> = { ...made };
  const forRoutes: Record<string, Partial<Record<TenantKind, string>>> = {};
  for (const fixture of MODULE_TENANCY) {
    const seeded = await fixture.seed(t, { name, owner, staff, mro, technician, supplier, made: objects });
    for (const kind of fixture.kinds)
      objects[kind] = [...(objects[kind] ?? []), ...((seeded.records as Record<string, string[]>)[kind] ?? [])];
    Object.assign(forRoutes, seeded.forRoutes);
  }
  return {
    owner,
    staff,
    mro,
    technician,
    supplier,
    /** The records a route that takes only a record in a given state is called with (TenancySeed.forRoutes). */
    forRoutes,
    objects: objects as Record<TenantKind, string[]>,
  };
}

const victim = await buildTenant('Victim');
const other = await buildTenant('Other');
const attackers: Record<string, TestUser> = {
  'an owner admin': other.owner,
  'an owner’s staff': other.staff,
  'an MRO admin': other.mro,
  'a technician': other.technician,
  'an external technician': await createUser(t.db, { kind: 'external_technician', roleKey: 'external_technician', isOrgAdmin: true }),
  // The supplier of the other tenant's purchase orders, so a delivery's lines are checked on an order of its own.
  'a supplier': other.supplier,
  'a super admin': await createUser(t.db, { kind: 'platform', roleKey: 'super_admin', isOrgAdmin: true }),
};
const PLATFORM_ATTACKER = 'a super admin';
const attackerIds = Object.values(attackers).map((a) => a.id);
const permissionsOf = new Map<string, string[]>();
const kindOfAttacker = new Map<string, string>();
for (const attacker of Object.values(attackers)) {
  const me = await t.app.inject({ url: '/v2/account/me', headers: attacker.headers });
  permissionsOf.set(attacker.id, me.json().data.userRole.permission);
  kindOfAttacker.set(attacker.id, me.json().data.organisation.kind);
}
// A stock movement's id is a small number, whose digits any answer may hold: its leak is looked for as an `_id`.
const victimIds = Object.entries(victim.objects).flatMap(([kind, ids]) =>
  kind === 'stock_movement' ? ids.map((id) => `"_id":"${id}"`) : ids,
);

/**
 * The attacker's own object of a kind (or a shared one) for the route, for the id fields not under
 * test: the first of its kind, or the one a fixture names for a route that takes only a record in a
 * given state (TenancySeed.forRoutes: a delivery, only on an order being received).
 */
function ownId(kind: IdKind, attacker: TestUser, routeKey: string): string {
  switch (kind) {
    case 'user':
      return attacker.id;
    case 'category':
      return categoryId;
    case 'provider':
      return other.mro.organisationId;
    case 'owner':
      return other.owner.organisationId;
    case 'supplier':
      return other.supplier.organisationId;
    case 'registration':
    case 'mail':
      return randomUuid();
    default:
      return other.forRoutes[routeKey]?.[kind] ?? other.objects[kind][0]!;
  }
}

// Waits for the imports to finish, so the database holds still while it is compared.
for (const tenant of [victim, other]) {
  const id = tenant.objects.import[0]!;
  for (let i = 0; ; i++) {
    const res = await t.app.inject({ url: `/v2/asset/bulk/${id}`, headers: tenant.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json().data.status;
    if (status === 'succeeded' || status === 'failed') break;
    if (i > 400) throw new Error(`import ${id} still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A digest of every table: md5 of its ordered rows. Left out: the bookkeeping of the callers
 * (sessions, rate-limit counters, their own activity).
 */
async function digest(): Promise<Record<string, string>> {
  const result = (await t.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const skip = new Set(['sessions', 'rate_limits']);
  const parts = result.rows
    .filter((row) => !skip.has(row.name))
    .map((row) => {
      const table = sql.raw(`"${row.name.replaceAll('"', '""')}"`);
      const where =
        row.name === 'activities'
          ? sql`where x.user_id is null or x.user_id not in (${sql.join(
              attackerIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``;
      return sql`select ${row.name}::text as name, md5(coalesce(string_agg(x::text, E'\n' order by x::text), '')) as digest from ${table} x ${where}`;
    });
  const rows = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.digest]));
}

const routesWithIds = routes
  .filter((route) => route.method !== 'HEAD')
  .map((route) => ({ route, access: accessOf(route), fields: idFieldsOf(route) }))
  .filter((r) => r.fields.length > 0);

describe('the route table', () => {
  it('gives every id field of every route a kind', () => {
    const unclassified = routesWithIds.flatMap(({ route, fields }) =>
      fields.filter((field) => kindOf(route, field) === undefined).map((field) => `${route.key}: ${field.location} ${field.path}`),
    );
    expect(unclassified, 'add the field to FIELD_KINDS or the route to ROUTE_ID_KINDS in security/route-table.ts').toEqual([]);
  });

  it('knows every record kind the contracts declare, and names in ROUTE_ID_KINDS only what they do not', () => {
    const fields = routesWithIds.flatMap(({ route, fields }) => fields.map((field) => ({ route, field, declared: declaredKindOf(field) })));
    const named = [...Object.values(FIELD_KINDS), ...Object.values(ROUTE_ID_KINDS).flatMap((byField) => Object.values(byField))];
    expect(
      named.filter((kind) => !isIdKind(kind)),
      'FIELD_KINDS and ROUTE_ID_KINDS name known kinds',
    ).toEqual([]);
    const unknown = fields.filter((f) => f.declared !== undefined && !isIdKind(f.declared));
    expect(
      unknown.map((f) => `${f.route.key}: ${f.field.path} is a "${f.declared}"`),
      'a kind of TENANT_KINDS or SHARED_KINDS',
    ).toEqual([]);
    // An entry is redundant when the contract declares every field of its route at that path.
    const redundant = fields.filter(
      (f) =>
        ROUTE_ID_KINDS[f.route.key]?.[f.field.path] !== undefined &&
        fields.every((g) => g.route.key !== f.route.key || g.field.path !== f.field.path || g.declared !== undefined),
    );
    expect(
      redundant.map((f) => `${f.route.key}: ${f.field.path}`),
      'the contract declares these: remove them from ROUTE_ID_KINDS',
    ).toEqual([]);
  });

  it('has an id field behind every path parameter, or a reason it is none', () => {
    const unexplained = routes
      .filter((route) => route.method !== 'HEAD' && /:\w+/.test(route.url) && !NOT_IDS[route.key])
      .flatMap((route) =>
        [...route.url.matchAll(/:(\w+)/g)]
          .map((m) => m[1]!)
          .filter((param) => !idFieldsOf(route).some((f) => f.location === 'params' && f.path === param))
          .map((param) => `${route.key}: :${param}`),
      );
    expect(unexplained, 'give the parameter a uuid schema, or add the route to NOT_IDS with the reason').toEqual([]);
  });

  it('knows why the shared kinds are not tenant objects', () => {
    for (const reason of Object.values(SHARED_KINDS)) expect(reason.length).toBeGreaterThan(10);
    expect(TENANT_KINDS.every((kind) => victim.objects[kind].length > 0)).toBe(true);
  });
});

let probed = 0;

interface Probe {
  attacker: string;
  field: IdField;
  kind: TenantKind;
  victimId: string;
}

describe('another tenant’s object', () => {
  for (const { route, access, fields } of routesWithIds) {
    if (typeof access === 'string' || access.type === 'public') continue;
    const tenantFields = fields.filter((f) => (TENANT_KINDS as readonly string[]).includes(kindOf(route, f) ?? ''));
    if (tenantFields.length === 0) continue;
    const label = tenantFields.map((f) => `${f.location === 'params' ? ':' : f.location === 'body' ? 'body.' : '?'}${f.path}`).join(', ');

    it(`${route.key} (${label}) is not found`, async () => {
      const callers = Object.entries(attackers).filter(([name, attacker]) => {
        if (name === PLATFORM_ATTACKER && PLATFORM_WIDE_ROUTES.test(route.key)) return false;
        if (access.type !== 'permission') return true;
        const held = permissionsOf.get(attacker.id) ?? [];
        // A rule naming organisation kinds refuses the others before any id is looked at (route-auth.test.ts).
        if (access.kinds && !access.kinds.includes(kindOfAttacker.get(attacker.id) as never)) return false;
        return access.anyOf.some((p) => held.includes(p));
      });
      expect(callers.length, 'no user of another tenant may call this route: add one to the attackers').toBeGreaterThan(0);
      const probes: Probe[] = callers.flatMap(([attacker]) =>
        tenantFields.flatMap((field) => {
          const kind = kindOf(route, field) as TenantKind;
          return victim.objects[kind].map((victimId) => ({ attacker, field, kind, victimId }));
        }),
      );

      const before = await digest();
      const failures: string[] = [];
      for (const probe of probes) {
        const attacker = attackers[probe.attacker]!;
        const permission = callingAs(access, permissionsOf.get(attacker.id) ?? []);
        const send = (id: string) => {
          const request = buildRequest(
            route,
            (f) => {
              if (f.location === probe.field.location && f.path === probe.field.path) return id;
              if (f.location === 'params' || !f.optional) return ownId(kindOf(route, f)!, attacker, route.key);
              return undefined;
            },
            permission,
          );
          if (request.problems.length > 0)
            throw new Error(`${route.key}: the request does not pass the schemas: ${request.problems.join('; ')}`);
          return inject(t.app, {
            method: request.method as 'GET',
            url: request.url,
            headers: attacker.headers,
            ...(request.payload !== undefined && route.method !== 'GET' ? { payload: request.payload as object } : {}),
          });
        };
        const res = await send(probe.victimId);
        probed++;
        const what = `${probe.attacker} with the other tenant’s ${probe.kind} ${probe.victimId} in ${probe.field.location} ${probe.field.path}`;
        const leaked = victimIds.filter((id) => res.body.includes(id));
        if (leaked.length > 0) failures.push(`${what}: the answer shows the other tenant’s ids ${leaked.join(', ')}`);
        if (probe.field.location === 'params') {
          if (res.statusCode !== 404) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        // In a body or a filter: the same answer as for an id that does not exist.
        const missing = await send(randomIdOf(route, probe.field));
        if (res.statusCode !== missing.statusCode || res.body !== missing.body) {
          failures.push(
            `${what}: ${res.statusCode} ${res.body.slice(0, 200)}, but ${missing.statusCode} ${missing.body.slice(0, 200)} for an unknown id`,
          );
        } else if (probe.field.location === 'body' && res.statusCode !== 400 && res.statusCode !== 404) {
          // Or a step the caller may not take whatever the ids (a supplier holds managePO for its menu, but never
          // buys): the same 403 with its own object in the field.
          const own = res.statusCode === 403 ? await send(ownId(probe.kind, attacker, route.key)) : undefined;
          if (own?.statusCode !== 403 || own.body !== res.body)
            failures.push(
              `${what}: ${res.statusCode} ${res.body.slice(0, 200)} (refused with 400 or 404 expected, or 403 whatever the id)`,
            );
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
      const after = await digest();
      expect(
        Object.keys(after).filter((table) => after[table] !== before[table]),
        'tables changed',
      ).toEqual([]);
    });
  }
});

describe('the tenancy walk', () => {
  it('tried another tenant’s objects on every route above', () => {
    expect(probed).toBeGreaterThan(100);
  });
});
