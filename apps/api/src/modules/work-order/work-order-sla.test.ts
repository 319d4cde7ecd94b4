import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createSla,
  createUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { tellWorkOrderSlaNotices } from './work-order-sla.jobs.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let owner: TestUser;
let mro: TestUser;
let tech: TestUser;
let pump: string;

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const deadlines = (id: string) =>
  rows<{ notice: string; told: boolean }>(
    sql`select notice, told_at is not null as told from work_order_deadlines where work_order_id = ${id} order by notice`,
  );
const step = async (user: TestUser, path: string, id: string, payload?: object) => {
  const res = await post(user, `/v2/wo/${path}/${id}`, payload);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
};
/** Moves a work order's clocks back by these hours, as if it had been sent that long ago. */
const age = (id: string, hours: number) =>
  t.db.execute(sql`update work_orders set sent_at = sent_at - ${hours} * interval '1 hour' where id = ${id}`);

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  const categoryId = await createCategory(t.db);
  const clusterId = await createCluster(t, owner, { name: 'Ikeja site' });
  pump = await createAsset(t, owner, { categoryId, clusterId, name: 'Borehole pump' });
  await assignToProvider(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId] });
  await createSla(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId], responseHours: 4, resolutionHours: 24 });
});

afterAll(async () => {
  await t.close();
});

/** Without approval levels a submitted work order goes straight to the provider: its clocks run. */
async function sent(): Promise<string> {
  const res = await post(owner, '/v2/wo/create', {
    title: 'Overhaul the borehole pump',
    description: 'The pump loses pressure.',
    priority: 'high',
    receiverType: 'MRO',
    provider: mro.organisationId,
    asset: pump,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.status).toBe('sent');
  return res.json().data._id;
}

describe('work order SLA clocks', () => {
  it('schedules both clocks when sent, drops the response notices on acceptance and the resolution ones on completion', async () => {
    const id = await sent();
    expect((await deadlines(id)).map((d) => d.notice)).toEqual([
      'resolution_breached',
      'resolution_due_soon',
      'response_breached',
      'response_due_soon',
    ]);
    await step(mro, 'sent/accept', id);
    expect((await deadlines(id)).map((d) => d.notice)).toEqual(['resolution_breached', 'resolution_due_soon']);
    await step(mro, 'assign', id, { users: [tech.id] });
    await step(tech, 'start', id);
    await step(tech, 'complete', id, { note: 'Pump overhauled', timeSpent: 2 });
    expect(await deadlines(id)).toEqual([]);
    // Found unsatisfactory: the resolution clock runs again, later by the time the owner took.
    await step(owner, 'unsatisfactory', id, { reason: 'Still loses pressure' });
    expect((await deadlines(id)).map((d) => d.notice)).toEqual(['resolution_breached', 'resolution_due_soon']);
  });

  it('tells both sides once when a clock is exceeded, and records it on the timeline', async () => {
    const id = await sent();
    await age(id, 30);
    const told = await tellWorkOrderSlaNotices(t.app.deps);
    expect(told).toBeGreaterThanOrEqual(1);
    const notices = await rows<{ recipient: string; event: string }>(
      sql`select recipient_id as recipient, event from notifications where path = ${`/work-order/view/${id}`} and event like 'work_order.%_breached' order by event`,
    );
    // Response (4 h) and resolution (24 h) both over: each told once, to the owner's admin and the provider's.
    expect(notices).toEqual(
      expect.arrayContaining([
        { recipient: owner.id, event: 'work_order.response_breached' },
        { recipient: mro.id, event: 'work_order.response_breached' },
        { recipient: owner.id, event: 'work_order.resolution_breached' },
        { recipient: mro.id, event: 'work_order.resolution_breached' },
      ]),
    );
    // "Almost over" came due in the same run as "over": only "over" is told.
    expect(notices.filter((n) => n.event.includes('due_soon'))).toEqual([]);
    expect(await tellWorkOrderSlaNotices(t.app.deps)).toBe(0);
    const logged = await rows<{ action: string }>(
      sql`select action from activities where subject_type = 'work_order' and subject_id = ${id} and action like '%breached' order by action`,
    );
    expect(logged.map((a) => a.action)).toEqual(['work_order.resolution_breached', 'work_order.response_breached']);
  });
});
