import type { OrganisationKind, OrganisationStatus, SystemRoleKey } from '@amp/contracts/organisation';
import type { UserStatus } from '@amp/contracts/user';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Viewer } from '../access/viewer.js';
import type { Db } from '../db/client.js';
import { categories, organisations, roles, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { insertSession } from '../modules/account/session.repository.js';
import type { TestApp } from './harness.js';

/**
 * The test factories (docs/architecture.md#tests). Organisations, roles, users and categories are written
 * to the database directly; everything with business rules (clusters, assets, SLAs, files,
 * assignments) is made through the API as a user would, so codes, counters, activity and
 * attachments are the real ones.
 */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createOrganisation(db: Db, values: { kind: OrganisationKind; name?: string; status?: OrganisationStatus }) {
  const [row] = await db
    .insert(organisations)
    .values({ kind: values.kind, name: values.name ?? `Org ${unique()}`, status: values.status ?? 'active', isCompany: true })
    .returning();
  return row!;
}

export async function systemRole(db: Db, key: SystemRoleKey) {
  const [row] = await db.select().from(roles).where(eq(roles.systemKey, key));
  return row!;
}

export async function createRole(db: Db, organisationId: string, permissions: string[], name = `Role ${unique()}`) {
  const [row] = await db.insert(roles).values({ organisationId, name, permissions }).returning();
  return row!;
}

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;

export type AuthHeaders = { authorization: string };

export interface TestUser {
  id: string;
  email: string;
  organisationId: string;
  roleId: string;
  token: string;
  headers: AuthHeaders;
}

/**
 * A user with a live session. Give `roleKey` for a system role, or `permissions` for a custom
 * role in the user's organisation (an organisation of `kind` is made when none is given).
 */
export async function createUser(
  db: Db,
  options: {
    organisationId?: string;
    kind?: OrganisationKind;
    roleKey?: SystemRoleKey;
    roleId?: string;
    permissions?: string[];
    status?: UserStatus;
    isOrgAdmin?: boolean;
    email?: string;
    firstName?: string;
  } = {},
): Promise<TestUser> {
  const organisationId = options.organisationId ?? (await createOrganisation(db, { kind: options.kind ?? 'asset_owner' })).id;
  const roleId =
    options.roleId ??
    (options.permissions
      ? (await createRole(db, organisationId, options.permissions)).id
      : (await systemRole(db, options.roleKey ?? 'asset_owner')).id);
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      organisationId,
      roleId,
      email: options.email ?? `user-${unique()}@example.com`,
      passwordHash: await passwordHash,
      firstName: options.firstName ?? 'Test',
      lastName: 'User',
      status: options.status ?? 'active',
      isOrgAdmin: options.isOrgAdmin ?? false,
    })
    .returning();
  const token = newToken();
  await insertSession(db, user!.id, hashToken(token), 24);
  return { id: user!.id, email: user!.email, organisationId, roleId, token, headers: { authorization: `Bearer ${token}` } };
}

/** A category (top-level without `parentId`, else a sub-category of it); its id. */
export async function createCategory(db: Db, name = `Category ${unique()}`, parentId: string | null = null): Promise<string> {
  const [row] = await db.insert(categories).values({ name, parentId }).returning({ id: categories.id });
  return row!.id;
}

/** Who makes an object through the API: a test user or just its headers. */
export type Caller = TestUser | AuthHeaders;
const headersOf = (by: Caller): AuthHeaders => ('headers' in by ? by.headers : by);

/** POSTs `payload` as `by`, expects `status` and answers the created object's `_id`. */
async function created(t: TestApp, by: Caller, url: string, payload: object, status = 201): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url, headers: headersOf(by), payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data._id;
}

/** A cluster of the caller's organisation (POST /v2/cluster/create/); a name is made up when none is given. */
export function createCluster(t: TestApp, by: Caller, values: { name?: string; [field: string]: unknown } = {}): Promise<string> {
  return created(t, by, '/v2/cluster/create/', { name: `Cluster ${unique()}`, ...values });
}

/** An asset of the caller's organisation (POST /v2/asset/create/); a name is made up when none is given. */
export function createAsset(
  t: TestApp,
  by: Caller,
  values: { categoryId: string; name?: string; clusterId?: string | null; [field: string]: unknown },
): Promise<string> {
  return created(t, by, '/v2/asset/create/', { name: `Asset ${unique()}`, ...values });
}

/** An SLA of the caller's organisation with `providerId` (POST /v2/sla/create/), 4 h response and 24 h resolution unless given. */
export function createSla(
  t: TestApp,
  by: Caller,
  values: { providerId: string; assetIds?: string[]; clusterIds?: string[]; [field: string]: unknown },
): Promise<string> {
  return created(t, by, '/v2/sla/create/', { title: `SLA ${unique()}`, responseHours: 4, resolutionHours: 24, ...values });
}

/** The smallest PDF the upload accepts. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A valid 1 x 1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file part, as a browser sends it (built by the platform's own FormData). */
export async function multipartFile(
  bytes: Buffer | string,
  filename: string,
  options: { type?: string; field?: string } = {},
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  const content = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  form.append(options.field ?? 'file', new Blob([new Uint8Array(content)], { type: options.type ?? 'application/octet-stream' }), filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/**
 * An uploaded file of the caller's organisation, not attached to anything yet (POST /v2/file/upload):
 * the `bytes` given, else a tiny PDF (or PNG with `type: 'png'`).
 */
export async function createFile(
  t: TestApp,
  by: Caller,
  options: { type?: 'pdf' | 'png'; name?: string; bytes?: Buffer } = {},
): Promise<string> {
  const png = options.type === 'png';
  const body = options.bytes
    ? await multipartFile(options.bytes, options.name ?? 'file')
    : await multipartFile(png ? TINY_PNG : TINY_PDF, options.name ?? (png ? 'photo.png' : 'terms.pdf'), {
        type: png ? 'image/png' : 'application/pdf',
      });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/file/upload',
    headers: { ...headersOf(by), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** The owner gives assets and clusters to a provider organisation (POST /v2/asset/assign). */
export async function assignToProvider(
  t: TestApp,
  owner: Caller,
  values: { providerId: string; assetIds?: string[]; clusterIds?: string[] },
): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/v2/asset/assign', headers: headersOf(owner), payload: values });
  expect(res.statusCode, res.body).toBe(200);
}

/** The provider dispatches one of its technicians to an asset or cluster it holds; the dispatch's `_id`. */
export function dispatchTechnician(
  t: TestApp,
  provider: Caller,
  values: { kind: 'asset' | 'cluster'; targetId: string; technicianId: string },
): Promise<string> {
  return created(t, provider, `/v2/asset/technician/${values.kind}/assign/${values.targetId}`, { technicianId: values.technicianId });
}

/** A bulk import of assets (POST /v2/asset/bulk/add or /update), started but not awaited; the job's `_id`. */
export async function createImport(t: TestApp, by: Caller, values: { mode?: 'add' | 'update'; fileName?: string; content: string }) {
  const body = await multipartFile(values.content, values.fileName ?? 'assets.csv', { type: 'text/csv' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/asset/bulk/${values.mode ?? 'add'}`,
    headers: { ...headersOf(by), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data._id as string;
}

/** A fault reported by `by` on an asset it sees (POST /v2/fault/report); the fault's `_id` (a "+1" answers the open one's). */
export function createFault(
  t: TestApp,
  by: Caller,
  values: { asset: string; faultType?: 'Repair' | 'Replacement'; description?: string; [field: string]: unknown },
): Promise<string> {
  return created(t, by, '/v2/fault/report', {
    email: 'reporter@example.com',
    fullName: 'Ada Reporter',
    phoneNumber: '08031234567',
    faultType: 'Repair',
    description: `Fault ${unique()}`,
    ...values,
  });
}

/** An item of the caller's organisation's pricebook (POST /v2/pricebook/create); a name is made up when none is given. */
export function createPricebookItem(
  t: TestApp,
  by: Caller,
  values: { name?: string; price?: string | number; kind?: 'service' | 'spare_part' | 'product'; [field: string]: unknown } = {},
): Promise<string> {
  return created(t, by, '/v2/pricebook/create', { name: `Item ${unique()}`, price: '15000.00', kind: 'service', ...values });
}

/** A warehouse of the caller's organisation (POST /v2/warehouse/create); a name is made up when none is given. */
export function createWarehouse(
  t: TestApp,
  by: Caller,
  values: { name?: string; managers?: string[]; [field: string]: unknown } = {},
): Promise<string> {
  return created(t, by, '/v2/warehouse/create', { name: `Warehouse ${unique()}`, ...values });
}

/**
 * An item of a warehouse the caller manages (POST /v2/warehouse/{id}/item), holding `quantity`
 * (an opening movement) when given; a name is made up when none is given.
 */
export function createInventoryItem(
  t: TestApp,
  by: Caller,
  warehouseId: string,
  values: { name?: string; quantity?: number; price?: string | number | null; reorderLevel?: number | null; [field: string]: unknown } = {},
): Promise<string> {
  return created(t, by, `/v2/warehouse/${warehouseId}/item`, { name: `Part ${unique()}`, price: '1500.00', ...values });
}

/**
 * A material request of the caller to a warehouse of its organisation (POST /v2/material-request/create),
 * for `lines` of that warehouse's items and a work order the caller works on when given.
 */
export function createMaterialRequest(
  t: TestApp,
  by: Caller,
  values: { warehouse: string; lines: { item: string; quantity: number }[]; workOrder?: string | null; note?: string },
): Promise<string> {
  return created(t, by, '/v2/material-request/create', values);
}

/**
 * A purchase order of the caller's organisation to a supplier, for one of its warehouses
 * (POST /v2/purchase-order/create): submitted unless `submit: false` (a draft); a title is made up when none is given.
 */
export function createPurchaseOrder(
  t: TestApp,
  by: Caller,
  values: {
    supplier: string;
    warehouse: string;
    lines: { pricebookItem?: string; name?: string; price?: string | number; quantity: number; [field: string]: unknown }[];
    title?: string;
    submit?: boolean;
    [field: string]: unknown;
  },
): Promise<string> {
  return created(t, by, '/v2/purchase-order/create', { title: `Order ${unique()}`, ...values });
}

/** The viewer the access module sees for a test user (its organisation's kind and its role's permissions), for calls below the routes. */
export async function viewerOf(db: Db, user: TestUser): Promise<Viewer> {
  const result = await db.execute(
    sql`select o.kind, r.permissions from users u join organisations o on o.id = u.organisation_id join roles r on r.id = u.role_id where u.id = ${user.id}`,
  );
  const [row] = (result as unknown as { rows: { kind: string; permissions: string[] }[] }).rows;
  return { userId: user.id, organisationId: user.organisationId, organisationKind: row!.kind, permissions: row!.permissions };
}
