import { randomBytes } from 'node:crypto';
import type { OrganisationKind } from '@amp/contracts/organisation';
import { PERMISSIONS, type Permission } from '@amp/contracts/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { createOrganisation, createUser, type TestUser } from '../test/factories.js';
import {
  type Access,
  accessOf,
  buildRequest,
  createAppWithRouteTable,
  holderOf,
  holdersOf,
  inject,
  isMultipart,
  randomIdOf,
  SAMPLE_OVERRIDES,
  type TableRoute,
} from './route-table.js';

// Every route of the route table, by its declared access rule (docs/roles-and-permissions.md#how-access-works, docs/architecture.md#security-baseline): without a
// valid session a non-public route answers 401; a permission route answers 403 to a role lacking
// the permission and lets through a role holding only that permission. New routes are covered
// without new test code; a route whose rule the tests do not know fails the first test.

const { t, routes } = await createAppWithRouteTable();
afterAll(async () => {
  await t.close();
});

const classified = routes.map((route) => ({ route, access: accessOf(route) }));
const known = classified.filter((c): c is { route: TableRoute; access: Access } => typeof c.access !== 'string');
const nonPublic = known.filter((c) => c.access.type !== 'public');
const withPermission = known.filter(
  (c): c is { route: TableRoute; access: Extract<Access, { type: 'permission' }> } =>
    c.access.type === 'permission' && c.route.method !== 'HEAD',
);
const signedIn = known.filter((c) => c.access.type === 'signedIn' && c.route.method !== 'HEAD');

// Each request comes from its own address, so the per-IP limits of the public routes never answer first.
let address = 0;
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

/** A request that passes the route's schemas, with ids naming nothing in every id field (as a caller holding only `permission`, if given). */
function call(route: TableRoute, headers: Record<string, string> = {}, permission?: Permission) {
  const request = buildRequest(route, (field) => randomIdOf(route, field), permission);
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) && !isMultipart(route);
  return inject(t.app, {
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(hasBody ? { payload: request.payload as object } : {}),
    remoteAddress: nextAddress(),
  });
}

/** Sessions that must not open anything. */
async function deadCredentials(): Promise<Record<string, Record<string, string>>> {
  const revoked = await createUser(t.db, { roleKey: 'asset_owner', isOrgAdmin: true });
  const out = await t.app.inject({ method: 'POST', url: '/v2/account/logout', headers: revoked.headers });
  expect(out.statusCode, out.body).toBe(200);
  const expired = await createUser(t.db, { roleKey: 'asset_owner', isOrgAdmin: true });
  await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, expired.id));
  const inactive = await createUser(t.db, { roleKey: 'asset_owner', isOrgAdmin: true, status: 'inactive' });
  const pendingOrganisation = await createOrganisation(t.db, { kind: 'asset_owner', status: 'pending' });
  const pending = await createUser(t.db, { organisationId: pendingOrganisation.id, roleKey: 'asset_owner', isOrgAdmin: true });
  return {
    'no token': {},
    'a random token': { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    'a revoked token': revoked.headers,
    'an expired token': expired.headers,
    'the token of a deactivated user': inactive.headers,
    'the token of a user of a pending organisation': pending.headers,
    'a malformed header': { authorization: `Basic ${revoked.token}` },
  };
}
const dead = await deadCredentials();

describe('the route table', () => {
  it('gives every route an access rule the tests know', () => {
    expect(routes.length).toBeGreaterThan(50);
    const unknown = classified.filter((c) => typeof c.access === 'string').map((c) => c.access);
    expect(unknown, 'add the rule to accessOf in security/route-table.ts, or fix the route').toEqual([]);
  });

  it('builds a request that passes the schemas of every route', () => {
    const refused = routes
      .filter((route) => route.method !== 'HEAD')
      .flatMap((route) =>
        [undefined, ...(Object.keys(SAMPLE_OVERRIDES[route.key]?.holding ?? {}) as Permission[])].map((permission) => ({
          route: permission ? `${route.key} holding ${permission}` : route.key,
          problems: buildRequest(route, (field) => randomIdOf(route, field), permission).problems,
        })),
      )
      .filter((r) => r.problems.length > 0);
    expect(refused, 'add a sample to SAMPLE_OVERRIDES in security/route-table.ts').toEqual([]);
  });
});

describe('every non-public route answers 401', () => {
  for (const { route } of nonPublic) {
    it(`${route.key} without a valid session`, async () => {
      const answers = await Promise.all(
        Object.entries(dead).map(async ([name, headers]) => ({ name, status: (await call(route, headers)).statusCode })),
      );
      expect(answers.filter((a) => a.status !== 401)).toEqual([]);
    });
  }
});

/**
 * One user per permission and organisation kind: a custom role holding only it, in an
 * organisation of that kind (one whose system role holds it).
 */
const onlyUsers = new Map<string, Promise<TestUser>>();
function holdingOnly(permission: Permission, kind: OrganisationKind) {
  let user = onlyUsers.get(`${permission} ${kind}`);
  if (!user) {
    user = createUser(t.db, { kind, permissions: [permission], isOrgAdmin: true });
    onlyUsers.set(`${permission} ${kind}`, user);
  }
  return user;
}

describe('every permission route', () => {
  for (const { route, access } of withPermission) {
    const allowed = (kind: OrganisationKind) => access.kinds === undefined || access.kinds.includes(kind);
    it(`${route.key} answers 403 to a role holding every permission but ${access.anyOf.join(' or ')}`, async () => {
      const lacking = await createUser(t.db, {
        kind: holderOf(access.anyOf[0]!, access.kinds)!.kind,
        permissions: PERMISSIONS.filter((p) => !access.anyOf.includes(p)),
        isOrgAdmin: true,
      });
      const res = await call(route, lacking.headers);
      expect(res.statusCode, res.body).toBe(403);
    });

    // The declared rule is the whole rule: every kind of organisation that can hold the permission
    // is let through, unless the rule names the kinds, and then exactly those are.
    for (const permission of access.anyOf) {
      const holders = holdersOf(permission);
      if (!holders.some((holder) => allowed(holder.kind))) {
        it(`${route.key} names kinds that cannot hold ${permission}`, () => {
          expect.fail(`no system role of ${access.kinds?.join(', ')} holds ${permission}`);
        });
      }
      for (const { kind } of holders) {
        if (allowed(kind)) {
          it(`${route.key} lets a role holding only ${permission} through, in an organisation of kind ${kind}`, async () => {
            const res = await call(route, (await holdingOnly(permission, kind)).headers, permission);
            expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
            expect(res.statusCode, res.body).toBeLessThan(500);
          });
        } else {
          it(`${route.key} answers 403 to a holder of ${permission} in an organisation of kind ${kind}`, async () => {
            const res = await call(route, (await holdingOnly(permission, kind)).headers, permission);
            expect(res.statusCode, res.body).toBe(403);
          });
        }
      }
    }
  }
});

describe('every signed-in route', () => {
  for (const { route } of signedIn) {
    it(`${route.key} lets a user without any permission through`, async () => {
      const nobody = await createUser(t.db, { kind: 'asset_owner', permissions: [] });
      const res = await call(route, nobody.headers);
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).toBeLessThan(500);
    });
  }
});
