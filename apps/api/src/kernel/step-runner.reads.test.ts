import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignToProvider, createAsset, createCategory, createCluster, createSla, createUser, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * What a step reads of its document (docs/decisions/0026-document-kernel.md): the step runner's
 * one locked read, where the service, the step wrapper and the guarded update each used to lock
 * and read the row again. Counted from the statements the app sends (db/client.ts onQuery).
 */

let t: TestApp;
let owner: TestUser;
let approver: TestUser;
let assetId: string;
let providerId: string;
/** The statements sent while `recording` is on. */
let recorded: string[] = [];
let recording = false;

/** The statements one request sends. */
async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  recorded = [];
  recording = true;
  try {
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    recording = false;
  }
  return recorded;
}

/** The statement without its parenthesised parts (subqueries, expressions): what it reads at its top level. */
function topLevel(text: string): string {
  let outer = text;
  for (let inner = outer.replace(/\([^()]*\)/g, ''); inner !== outer; inner = outer.replace(/\([^()]*\)/g, '')) outer = inner;
  return outer;
}
/** A statement that reads rows of the work order table itself, not through a subquery of another table's read. */
const readsWorkOrders = (text: string) => /^\s*select\b/i.test(text) && /\bfrom\s+"?work_orders"?(\s|$)/i.test(topLevel(text));
const locksWorkOrders = (text: string) => readsWorkOrders(text) && /\bfor update\b/i.test(text);

beforeAll(async () => {
  t = await createTestApp(
    { JOB_WORKERS: 'false' },
    {
      onQuery: (text) => {
        if (recording) recorded.push(text);
      },
    },
  );
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  approver = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO', 'viewOutgoingWO'] });
  const mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  providerId = mro.organisationId;
  const clusterId = await createCluster(t, owner);
  assetId = await createAsset(t, owner, { categoryId: await createCategory(t.db), clusterId });
  await assignToProvider(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId] });
  await createSla(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId], responseHours: 4, resolutionHours: 72 });
  const level = await t.app.inject({
    method: 'POST',
    url: '/v2/approval/create/wo',
    headers: owner.headers,
    payload: { name: 'Head O&M', maxAmount: '100000', order: 1, approvers: [approver.id] },
  });
  expect(level.statusCode, level.body).toBe(201);
});

afterAll(async () => {
  await t.close();
});

describe('approving a work order', () => {
  it('locks and reads the work order’s row once for the step, and once more for the answer', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/wo/create',
      headers: owner.headers,
      payload: {
        title: 'Pump seal leaking',
        description: 'Water on the floor of the pump house',
        priority: 'high',
        receiverType: 'MRO',
        provider: providerId,
        asset: assetId,
        lines: [{ name: 'Seal replacement', quantity: 1, price: '1000' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data._id;

    const statements = await statementsOf(() =>
      t.app.inject({ method: 'POST', url: `/v2/wo/approve/${id}`, headers: approver.headers, payload: { approve: true } }),
    );
    const reads = statements.filter(readsWorkOrders);
    // The step: one locked read (the runner's). The answer: the detail, read as the step left it.
    expect(reads.filter(locksWorkOrders), reads.join('\n\n')).toHaveLength(1);
    expect(reads, reads.join('\n\n')).toHaveLength(2);
    // And the step did what it reads for: the work order went to its provider.
    const after = await t.app.inject({ method: 'GET', url: `/v2/wo/${id}`, headers: owner.headers });
    expect(after.json().data).toMatchObject({ status: 'sent', approval: 'approved' });
  });
});
