import type { Permission } from '@amp/contracts/permissions';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DOMAIN_ROUTES } from './app.js';
import { loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type AccessRule, isPluginRoute, MissingAccessRuleError, RouteWithoutOperationError } from './plugins/access.js';

/** Buying is an owner's, an MRO's or an IMO's (a supplier holds managePO for its menu). */
const BUYS = { permission: 'managePO', kinds: ['asset_owner', 'mro', 'imo'] } as const;

/**
 * docs/roles-and-permissions.md#how-access-works: every route declares who may call it. These tests build the real app (no
 * database is touched while routes are registered) and read its route table.
 */

interface CollectedRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

/** Runs in the root context (skip-override, as fastify-plugin does), so it sees every route registered after it. */
function routeCollector(into: CollectedRoute[]) {
  const plugin = async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) into.push({ method: String(method), url: route.url, access: route.config?.access });
    });
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true }) as unknown as FastifyPluginAsyncZod;
}

/** The route table needs no data, but the app's job queue needs a real database to start on. */
let database: Database | undefined;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });

/** Builds the app with `extra` route plugins placed first (or last) among the domain routes. */
async function buildWith(extra: FastifyPluginAsyncZod, position: 'first' | 'last' = 'first') {
  if (position === 'first') DOMAIN_ROUTES.unshift(extra);
  else DOMAIN_ROUTES.push(extra);
  try {
    database ??= await openDatabase({ dataDir: 'memory://', poolSize: 1 });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  } finally {
    DOMAIN_ROUTES.splice(DOMAIN_ROUTES.indexOf(extra), 1);
  }
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The /v2 routes anyone may call. Adding one here is a decision: make it in review, not by accident. */
const PUBLIC_ROUTES = [
  'GET /v2/asset/asset-owner/cluster/:ownerId',
  'GET /v2/asset/asset-owner/cluster-name/:clusterId',
  'GET /v2/category',
  'GET /v2/config/public',
  'GET /v2/states',
  'GET /v2/health',
  'GET /v2/fault/track/:code',
  'GET /v2/fault/portal/:ownerId',
  'GET /v2/fault/portal/:ownerId/assets',
  'GET /v2/fault/portal/:ownerId/asset/:assetId',
  'POST /v2/fault/report/:ownerId',
  'POST /v2/fault/upload/:ownerId',
  'POST /v2/account/forgot',
  'POST /v2/account/login',
  'POST /v2/account/reset/:resetToken',
  'POST /v2/user/register',
];

/** Who reads purchase orders (docs/product.md#side-menu's purchase order entries). */
const PO_READS: Permission[] = [
  'managePO',
  'viewOutgoingPO',
  'viewIncomingPO',
  'viewCompletedPO',
  'approvePO',
  'confirmSupply',
  'poConfiguration',
];

/** The access rules of docs/api-contract.md. */
const CONTRACT: Record<string, AccessRule> = {
  'POST /v2/account/login': 'public',
  'GET /v2/account/me': 'signedIn',
  'POST /v2/account/logout': 'signedIn',
  'POST /v2/account/forgot': 'public',
  'POST /v2/account/reset/:resetToken': 'public',
  'POST /v2/account/changepassword': 'signedIn',
  'POST /v2/settings/:userId': 'signedIn',
  'GET /v2/states': 'public',
  'GET /v2/health': 'public',
  'POST /v2/user/register': 'public',
  'GET /v2/user/registrations': { permission: 'manageUserRegistration' },
  'POST /v2/user/registrations/:id/decision': { permission: 'manageUserRegistration' },
  'GET /v2/user': { permission: 'manageUser' },
  'POST /v2/user/create/:userId': { permission: 'createUser' },
  'PUT /v2/user/edit/:_id': { permission: 'manageUser' },
  'POST /v2/user/deactivate/:id': { permission: 'manageUser' },
  'POST /v2/user/reactivate/:id': { permission: 'manageUser' },
  'GET /v2/user/profile/:id': 'signedIn',
  'GET /v2/user/data/:id': { permission: 'manageUser' },
  'PUT /v2/user/update/:id': 'signedIn',
  'GET /v2/user/assign/list': { permission: ['manageUser', 'viewIncomingSR', 'viewIncomingWO', 'viewOrganizationAssignedAsset'] },
  'GET /v2/user/service-provider': { permission: ['manageAsset', 'viewAsset', 'viewSR', 'manageWO'] },
  'POST /v2/role/create': { permission: 'viewUserRoles' },
  'GET /v2/role/createdBy': { permission: 'viewUserRoles' },
  'GET /v2/role/assign': { permission: ['createUser', 'manageUser'] },
  'GET /v2/role/permission/:id': { permission: 'viewUserRoles' },
  'POST /v2/role/permission/:id': { permission: 'viewUserRoles' },
  'GET /v2/category': 'public',
  'POST /v2/category/create': { permission: 'createCategory' },
  'POST /v2/category/:id/sub-category': { permission: 'createCategory' },
  'GET /v2/activities/:userId': 'signedIn',
  'GET /v2/dashboard-sa': { permission: 'manageUserRegistration' },
  'GET /v2/activities/dashboard/sr-wo': 'signedIn',
  'GET /v2/dashboard-supplier': { permission: 'viewIncomingPO' },
  'POST /v2/cluster/create/': { permission: 'createNewAsset' },
  'GET /v2/cluster/createdBy': { permission: 'viewAsset' },
  'GET /v2/cluster/:id': { permission: 'viewAsset' },
  'PUT /v2/cluster/:id': { permission: 'manageAsset' },
  'DELETE /v2/cluster/:id': { permission: 'manageAsset' },
  'POST /v2/asset/create/': { permission: 'createNewAsset' },
  'GET /v2/asset/created': { permission: 'viewAsset' },
  'GET /v2/asset/:id': { permission: 'viewAsset' },
  'GET /v2/asset/:id/history': { permission: 'viewAsset' },
  'GET /v2/config/public': 'public',
  'PUT /v2/asset/:id': { permission: 'manageAsset' },
  'POST /v2/asset/:id/decommission': { permission: 'manageAsset' },
  'GET /v2/asset/asset-owner/cluster/:ownerId': 'public',
  'GET /v2/asset/asset-owner/cluster-name/:clusterId': 'public',
  'POST /v2/asset/assign': { permission: 'manageAsset' },
  'POST /v2/asset/unassign': { permission: 'manageAsset' },
  'GET /v2/asset/assign': { permission: ['manageAsset', 'viewAsset'] },
  'GET /v2/asset/assigned': { permission: 'viewOrganizationAssignedAsset' },
  'GET /v2/asset/assigned-asset/details/:id': { permission: ['viewOrganizationAssignedAsset', 'viewTechAssignedAsset'] },
  'GET /v2/asset/assigned-cluster/details/:id': { permission: ['viewOrganizationAssignedAsset', 'viewTechAssignedAsset'] },
  'POST /v2/asset/technician/asset/assign/:_id': { permission: 'viewOrganizationAssignedAsset' },
  'POST /v2/asset/technician/cluster/assign/:_id': { permission: 'viewOrganizationAssignedAsset' },
  'GET /v2/asset/technician/assigned': { permission: 'viewTechAssignedAsset' },
  'GET /v2/asset/bulk/template': { permission: 'createNewAsset' },
  'POST /v2/asset/bulk/add': { permission: 'createNewAsset' },
  'POST /v2/asset/bulk/update': { permission: 'createNewAsset' },
  'GET /v2/asset/bulk': { permission: 'createNewAsset' },
  'GET /v2/asset/bulk/:id': { permission: 'createNewAsset' },
  'GET /v2/asset/bulk/:id/errors': { permission: 'createNewAsset' },
  'POST /v2/sla/create/': { permission: 'manageAsset' },
  'GET /v2/sla': { permission: 'manageAsset' },
  'GET /v2/sla/provided': { permission: 'viewOrganizationAssignedAsset' },
  'GET /v2/sla/:id': 'signedIn',
  'PUT /v2/sla/update/:_id': { permission: 'manageAsset' },
  'POST /v2/file/upload': 'signedIn',
  'GET /v2/file/:id': 'signedIn',
  'GET /v2/file/:id/thumbnail': 'signedIn',
  'GET /v2/mail/failed': { permission: 'manageUserRegistration' },
  'POST /v2/mail/retry/:id': { permission: 'manageUserRegistration' },
  'POST /v2/fault/report': { permission: 'manageAssetFault' },
  'POST /v2/fault/report/:ownerId': 'public',
  'POST /v2/fault/upload/:ownerId': 'public',
  'POST /v2/fault/approve/:id': { permission: 'viewOrganizationAssignedAsset' },
  'POST /v2/fault/return/:id': { permission: 'viewOrganizationAssignedAsset' },
  'POST /v2/fault/reject/:id': { permission: 'manageAssetFault' },
  'POST /v2/fault/edit/:id': { permission: 'manageAssetFault' },
  'GET /v2/fault': { permission: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'] },
  'GET /v2/fault/counts': { permission: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'] },
  'GET /v2/fault/:id': { permission: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'] },
  'GET /v2/fault/reportable/assets': { permission: 'manageAssetFault' },
  'GET /v2/fault/reportable/clusters': { permission: 'manageAssetFault' },
  'GET /v2/fault/track/:code': 'public',
  'GET /v2/fault/portal/:ownerId': 'public',
  'GET /v2/fault/portal/:ownerId/assets': 'public',
  'GET /v2/fault/portal/:ownerId/asset/:assetId': 'public',
  'GET /v2/pricebook': { permission: 'managePricebook' },
  'GET /v2/pricebook/of/:organisationId': 'signedIn',
  'GET /v2/pricebook/item/:id': 'signedIn',
  'GET /v2/pricebook/export': { permission: 'managePricebook' },
  'POST /v2/pricebook/create': { permission: 'managePricebook' },
  'PUT /v2/pricebook/update/:id': { permission: 'managePricebook' },
  'POST /v2/pricebook/retire/:id': { permission: 'managePricebook' },
  'POST /v2/pricebook/restore/:id': { permission: 'managePricebook' },
  'GET /v2/pricebook/import/template': { permission: 'managePricebook' },
  'POST /v2/pricebook/import': { permission: 'managePricebook' },
  'GET /v2/pricebook/imports': { permission: 'managePricebook' },
  'GET /v2/pricebook/import/:id': { permission: 'managePricebook' },
  'GET /v2/pricebook/import/:id/errors': { permission: 'managePricebook' },
  'GET /v2/warehouse': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'GET /v2/warehouse/manager-options': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/low-stock': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'POST /v2/warehouse/create': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/:id': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'PUT /v2/warehouse/update/:id': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/:id/items': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'POST /v2/warehouse/:id/item': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/:id/movements': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'GET /v2/warehouse/:id/export': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'GET /v2/warehouse/item/:id': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'PUT /v2/warehouse/item/:id': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/item/:id/movements': { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] },
  'POST /v2/warehouse/item/:id/stock-in': { permission: 'manageWarehouse' },
  'POST /v2/warehouse/item/:id/stock-out': { permission: 'manageWarehouse' },
  'POST /v2/warehouse/item/:id/transfer': { permission: 'manageWarehouse' },
  'POST /v2/warehouse/item/:id/count': { permission: 'manageWarehouse' },
  'POST /v2/warehouse/movement/:id/reverse': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/import/template': { permission: 'manageWarehouse' },
  'POST /v2/warehouse/:id/import': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/:id/imports': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/import/:id': { permission: 'manageWarehouse' },
  'GET /v2/warehouse/import/:id/errors': { permission: 'manageWarehouse' },
  'POST /v2/material-request/create': { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] },
  'GET /v2/material-request': { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] },
  'GET /v2/material-request/counts': { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] },
  'GET /v2/material-request/:id': { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] },
  'POST /v2/material-request/accept/:id': { permission: 'manageWarehouse' },
  'POST /v2/material-request/reject/:id': { permission: 'manageWarehouse' },
  'POST /v2/material-request/cancel/:id': { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] },
  'GET /v2/purchase-order/suppliers': BUYS,
  'POST /v2/purchase-order/create': BUYS,
  'GET /v2/purchase-order': { permission: PO_READS },
  'GET /v2/purchase-order/counts': { permission: PO_READS },
  'GET /v2/purchase-order/:id': { permission: PO_READS },
  'PUT /v2/purchase-order/update/:id': BUYS,
  'POST /v2/purchase-order/submit/:id': BUYS,
  'POST /v2/purchase-order/approve/:id': { permission: 'approvePO' },
  'POST /v2/purchase-order/cancel/:id': BUYS,
  'POST /v2/purchase-order/sent/accept/:_id': { permission: 'viewIncomingPO' },
  'POST /v2/purchase-order/sent/decline/:id': { permission: 'viewIncomingPO' },
  'POST /v2/purchase-order/dispatch/:id': { permission: 'viewIncomingPO' },
  'POST /v2/purchase-order/confirmation/supply/:id': { permission: 'confirmSupply' },
  'POST /v2/purchase-order/close/:id': BUYS,
  'GET /v2/purchase-order/close/:id': BUYS,
  'GET /v2/report/asset/options': { permission: 'viewAssetReport' },
  'GET /v2/report/asset/summary': { permission: 'viewAssetReport' },
  'GET /v2/report/asset/rows': { permission: 'viewAssetReport' },
  'GET /v2/report/asset/export': { permission: 'viewAssetReport' },
  'GET /v2/report/sr-wo/options': { permission: 'viewAllSRReport' },
  'GET /v2/report/sr-wo/summary': { permission: 'viewAllSRReport' },
  'GET /v2/report/sr-wo/rows': { permission: 'viewAllSRReport' },
  'GET /v2/report/sr-wo/export': { permission: 'viewAllSRReport' },
  'GET /v2/report/warehouse/options': { permission: 'viewWarehouseReport' },
  'GET /v2/report/warehouse/summary': { permission: 'viewWarehouseReport' },
  'GET /v2/report/warehouse/rows': { permission: 'viewWarehouseReport' },
  'GET /v2/report/warehouse/export': { permission: 'viewWarehouseReport' },
};

let app: FastifyInstance;
const routes: CollectedRoute[] = [];

beforeAll(async () => {
  app = await buildWith(routeCollector(routes));
});
afterAll(async () => {
  await app.close();
  await database?.close();
});

describe('the route table', () => {
  it('is collected from the real app', () => {
    const v2 = routes.filter((r) => r.url.startsWith('/v2') && r.method !== 'HEAD');
    expect(v2.length).toBeGreaterThanOrEqual(Object.keys(CONTRACT).length);
    // The collector sees what the router serves.
    for (const route of v2) expect(app.hasRoute({ method: route.method as 'GET', url: route.url }), key(route)).toBe(true);
  });

  it('gives every /v2 route an access rule, and every other route is a plugin route', () => {
    const missing = routes.filter((r) => r.url.startsWith('/v2') && r.access === undefined).map(key);
    expect(missing).toEqual([]);
    const others = routes.filter((r) => !r.url.startsWith('/v2')).map((r) => r.url);
    for (const url of others) expect(isPluginRoute(url), url).toBe(true);
  });

  it('has exactly the expected public /v2 routes', () => {
    const open = routes.filter((r) => r.url.startsWith('/v2') && r.method !== 'HEAD' && r.access === 'public').map(key);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('declares the access rules of the API contract', () => {
    const actual = Object.fromEntries(routes.filter((r) => r.method !== 'HEAD').map((r) => [key(r), r.access]));
    for (const [route, rule] of Object.entries(CONTRACT)) expect(actual[route], route).toEqual(rule);
  });

  it('documents every route of the contract in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const route of Object.keys(CONTRACT)) {
      const [method, path] = route.split(' ') as [string, string];
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it('guards the HEAD twin of a GET route as well', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/v2/user' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v2/dashboard-sa' })).statusCode).toBe(401);
  });
});

describe('a route without an access rule', () => {
  it('makes building the app fail with MissingAccessRuleError', async () => {
    const careless: FastifyPluginAsyncZod = async (instance) => {
      instance.get('/careless', async () => ({ data: 'oops' }));
    };
    for (const position of ['first', 'last'] as const) {
      const error = await buildWith(careless, position).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MissingAccessRuleError);
      expect((error as Error).message).toContain('GET /v2/careless');
    }
    // The table is left as it was.
    expect(DOMAIN_ROUTES).not.toContain(careless);
  });
});

describe('a route that no operation declares', () => {
  it('makes building the app fail with RouteWithoutOperationError, access rule or not', async () => {
    const handMade: FastifyPluginAsyncZod = async (instance) => {
      instance.get('/hand-made', { config: { access: 'signedIn' } }, async () => ({ data: 'oops' }));
    };
    const error = await buildWith(handMade, 'last').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RouteWithoutOperationError);
    expect((error as Error).message).toContain('GET /v2/hand-made');
  });
});
