import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faults, observationLines, serviceRequestDeadlines, serviceRequests } from '../../db/schema/index.js';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createFault,
  createFile,
  createPricebookItem,
  createSla,
  createUser,
  dispatchTechnician,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { autoClose, tellSlaNotices } from './service-request.jobs.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let owner: TestUser;
let ownerViewer: TestUser;
let mro: TestUser;
let tech: TestUser;
let otherTech: TestUser;
let unrelatedMro: TestUser;
let otherOwner: TestUser;
let imo: TestUser;
let clusterId: string;
let pump: string;
let generator: string;
let otherAsset: string;
let slaId: string;
let wiring: string;
let cable: string;

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };
const srCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from service_requests`)).rows[0]!.n;
const eventsOf = async (user: TestUser) =>
  (await rows<{ event: string }>(sql`select event from notifications where recipient_id = ${user.id} order by created_at`)).rows.map(
    (r) => r.event,
  );
const form = (extra: Record<string, unknown> = {}) => ({
  title: 'Pump leaking at the seal',
  description: 'Water is pooling under the borehole pump.',
  priority: 'high',
  receiverType: 'MRO',
  provider: mro.organisationId,
  asset: pump,
  ...extra,
});
const send = async (extra: Record<string, unknown> = {}) => {
  const res = await post(owner, '/v2/sr/create', form(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; code: string; status: string; [key: string]: unknown };
};
const observation = (extra: Record<string, unknown> = {}) => ({
  type: 'not_okay',
  summary: 'The mechanical seal is worn and the wiring is burnt.',
  timeToComplete: 6,
  lines: [
    { pricebookItem: wiring, quantity: 2 },
    { pricebookItem: cable, quantity: 3 },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp(
    process.env.SR_DEBUG ? { LOG_LEVEL: 'error' } : {},
    process.env.SR_DEBUG ? { logStream: { write: (l: string) => process.stderr.write(l) } } : {},
  );
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  ownerViewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Tunde' });
  otherTech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Bola' });
  unrelatedMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  imo = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
  const categoryId = await createCategory(t.db);
  clusterId = await createCluster(t, owner, { name: 'Ikeja site' });
  pump = await createAsset(t, owner, { categoryId, clusterId, name: 'Borehole pump' });
  generator = await createAsset(t, owner, { categoryId, name: 'Standby generator' });
  otherAsset = await createAsset(t, otherOwner, { categoryId, name: 'Other pump' });
  await assignToProvider(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId], assetIds: [generator] });
  await dispatchTechnician(t, mro, { kind: 'asset', targetId: generator, technicianId: tech.id });
  slaId = await createSla(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId], responseHours: 2, resolutionHours: 48 });
  wiring = await createPricebookItem(t, mro, { name: 'Rewiring (per hour)', price: '12500.50', kind: 'service' });
  cable = await createPricebookItem(t, mro, { name: 'Cable 4mm (metre)', price: '850.25', kind: 'spare_part' });
});

afterAll(async () => {
  await t.close();
});

describe('sending a service request', () => {
  it('refuses strangers, providers and technicians', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v2/sr/create', payload: form() })).statusCode).toBe(401);
    // Sending is an owner's (the route's rule): a provider's staff hold viewSR to read their requests.
    const before = await srCount();
    for (const provider of [mro, tech]) {
      const res = await post(provider, '/v2/sr/create', form());
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
      expect((await t.app.inject({ url: '/v2/sr/providers', headers: provider.headers })).statusCode).toBe(403);
    }
    expect(await srCount()).toBe(before);
    expect((await post(ownerViewer, '/v2/sr/create', form())).statusCode).toBe(403);
  });

  it("answers an empty form with the catalogue's texts and writes nothing", async () => {
    const before = await srCount();
    const res = await post(owner, '/v2/sr/create', {});
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      priority: 'Priority is required',
      receiverType: 'Receiver type is required',
      provider: 'Provider is required',
    });
    expect(await srCount()).toBe(before);
  });

  it("refuses another owner's asset and a provider of another kind, writing nothing", async () => {
    const before = await srCount();
    const foreign = await post(owner, '/v2/sr/create', form({ asset: otherAsset }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'asset', message: 'You can only send service requests about your own assets and clusters' },
    ]);
    const kind = await post(owner, '/v2/sr/create', form({ receiverType: 'IMO' }));
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors).toEqual([{ path: 'provider', message: 'This provider is not a IMO' }]);
    expect(await srCount()).toBe(before);
  });

  it("copies the SLA over the asset's cluster, numbers it and tells the provider's managers, not its technicians", async () => {
    const created = await send();
    expect(created).toMatchObject({ status: 'sent', sla: { _id: slaId }, provider: { _id: mro.organisationId } });
    expect(created.code).toMatch(/^SR-\d{6}$/);
    expect(created.response).toMatchObject({ targetHours: 2, state: 'on_time', stopped: false });
    expect(created.resolution).toMatchObject({ targetHours: 48, state: 'on_time', paused: false });
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, created._id));
    expect(row!.responseHours).toBe(2);
    // The SLA job's four deadlines: the response's at 1 h (its last hour) and 2 h, the resolution's at 38.4 h and 48 h.
    const deadlines = await t.db.select().from(serviceRequestDeadlines).where(eq(serviceRequestDeadlines.serviceRequestId, created._id));
    const hoursAfter = (notice: string) =>
      (deadlines.find((d) => d.notice === notice)!.dueAt.getTime() - row!.sentAt.getTime()) / 3_600_000;
    expect([hoursAfter('response_due_soon'), hoursAfter('response_breached')]).toEqual([1, 2]);
    expect([hoursAfter('resolution_due_soon'), hoursAfter('resolution_breached')]).toEqual([38.4, 48]);
    expect(await eventsOf(mro)).toContain('service_request.sent');
    expect(await eventsOf(tech)).not.toContain('service_request.sent');
  });

  it('proposes the provider holding the asset first, with the SLA binding it', async () => {
    const res = await get(owner, `/v2/sr/providers?receiverType=MRO&asset=${pump}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ _id: mro.organisationId, holder: true, sla: { _id: slaId } });
    expect(res.json().data.map((p: { _id: string }) => p._id)).toContain(unrelatedMro.organisationId);
    const imos = await get(owner, `/v2/sr/providers?receiverType=IMO&asset=${pump}`);
    expect(imos.json().data.map((p: { _id: string }) => p._id)).toEqual([imo.organisationId]);
  });

  it('sends one without an SLA about a whole cluster to another provider: no clocks', async () => {
    const created = await send({ asset: null, cluster: clusterId, provider: unrelatedMro.organisationId });
    expect(created).toMatchObject({ sla: null, response: null, resolution: null, cluster: { _id: clusterId }, asset: null });
  });
});

describe('who sees a service request', () => {
  it('hides it from another owner, an unrelated provider and a technician not assigned (404)', async () => {
    const { _id } = await send();
    for (const user of [otherOwner, unrelatedMro, otherTech]) {
      expect((await get(user, `/v2/sr/${_id}`)).statusCode).toBe(404);
      expect((await post(user, `/v2/sr/sent/accept/${_id}`)).statusCode).toBe([otherOwner].includes(user) ? 403 : 404);
    }
    expect((await get(ownerViewer, `/v2/sr/${_id}`)).statusCode).toBe(403);
    expect((await get(mro, `/v2/sr/${_id}`)).json().data.actions).toEqual(['accept', 'decline']);
    expect((await get(owner, `/v2/sr/${_id}`)).json().data.actions).toEqual(['close']);
  });

  it('keeps each list to its permission and side', async () => {
    expect((await get(tech, '/v2/sr?tab=outgoing')).json().data).toEqual([]);
    expect((await get(mro, '/v2/sr?tab=outgoing')).json().data).toEqual([]);
    expect((await get(owner, '/v2/sr?tab=incoming')).json().data).toEqual([]);
    const outgoing = await get(owner, '/v2/sr?tab=outgoing');
    expect(outgoing.statusCode).toBe(200);
    const incoming = await get(mro, '/v2/sr?tab=incoming');
    const ownerIds = outgoing.json().data.map((r: { _id: string }) => r._id);
    for (const row of incoming.json().data) expect(ownerIds).toContain(row._id);
    expect((await get(unrelatedMro, '/v2/sr?tab=incoming')).json().data).toHaveLength(1);
    expect((await get(otherOwner, '/v2/sr?tab=outgoing')).json().data).toHaveLength(0);
    // A search matches the code (a code is looked up by its start), the title and the asset as named when sent.
    const [newest] = outgoing.json().data;
    const byCode = await get(owner, `/v2/sr?tab=outgoing&search=${newest.code.toLowerCase()}`);
    expect(byCode.json().data.map((r: { _id: string }) => r._id)).toEqual([newest._id]);
    const byAsset = (await get(owner, '/v2/sr?tab=outgoing&search=borehole')).json();
    expect(byAsset.data.length).toBeGreaterThan(0);
    expect(byAsset.data.every((r: { asset: { name: string } | null }) => r.asset?.name === 'Borehole pump')).toBe(true);
    expect(byAsset.meta.total).toBe(byAsset.data.length);
    expect((await get(owner, '/v2/sr?tab=outgoing&search=nothing-like-this')).json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('the workflow, end to end', () => {
  it('walks sent, accepted, assigned, observed, rejected, corrected, resolved and closed, telling each party', async () => {
    const { _id: id } = await send({ title: 'Seal replacement' });
    // Two accepts at the same moment: one wins, the other is stale.
    const [a, b] = await Promise.all([post(mro, `/v2/sr/sent/accept/${id}`), post(mro, `/v2/sr/sent/accept/${id}`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'This record is now accepted, so this step no longer applies. Reload to see what changed.',
    );
    expect(await eventsOf(owner)).toContain('service_request.accepted');
    const accepted = (await get(owner, `/v2/sr/${id}`)).json().data;
    expect(accepted.response).toMatchObject({ stopped: true, state: 'on_time' });

    // Only its own working staff can be assigned.
    const stranger = await post(mro, `/v2/sr/assign/${id}`, { users: [unrelatedMro.id] });
    expect(stranger.statusCode).toBe(400);
    expect((await post(tech, `/v2/sr/assign/${id}`, { users: [tech.id] })).statusCode).toBe(404);
    const assigned = await post(mro, `/v2/sr/assign/${id}`, { users: [tech.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'assigned', assignedStaff: [{ _id: tech.id }] });
    expect(await eventsOf(tech)).toContain('service_request.assigned');
    // The owner hears who will do it, which also refreshes its open page of the request.
    const ownerNotices = (await get(owner, '/v2/notification?pageSize=50')).json().data as { description: string; path: string }[];
    expect(ownerNotices.map((n) => n.description)).toContainEqual(
      expect.stringMatching(new RegExp(`^Org .+ assigned Tunde User to service request ${assigned.json().data.code}: Seal replacement$`)),
    );
    expect((await get(tech, '/v2/sr?tab=incoming')).json().data.map((r: { _id: string }) => r._id)).toContain(id);
    expect((await get(otherTech, `/v2/sr/${id}`)).statusCode).toBe(404);

    // A Not Okay observation with a photo and two pricebook lines and a free line: prices copied, exact totals.
    const photo = await createFile(t, tech, { type: 'png' });
    const observed = await post(tech, `/v2/observation/create/${id}`, {
      ...observation(),
      evidence: [photo],
      lines: [...observation().lines, { name: 'Sealant', price: '1999.99', quantity: 1, kind: 'product' }],
    });
    expect(observed.statusCode, observed.body).toBe(201);
    const afterObserve = observed.json().data;
    expect(afterObserve.status).toBe('observed');
    expect(afterObserve.resolution.paused).toBe(true);
    const [first] = afterObserve.observations;
    // 2 x 12,500.50 + 3 x 850.25 + 1,999.99 = 29,551.74
    expect(first).toMatchObject({
      type: 'not_okay',
      status: 'submitted',
      total: '29551.74',
      totalKobo: 2_955_174,
      evidence: [{ _id: photo }],
    });
    expect(first.lines.map((l: { name: string; free: boolean; total: string }) => [l.name, l.free, l.total])).toEqual([
      ['Rewiring (per hour)', false, '25001.00'],
      ['Cable 4mm (metre)', false, '2550.75'],
      ['Sealant', true, '1999.99'],
    ]);
    expect(await eventsOf(owner)).toContain('observation.submitted');

    // The pricebook changes later: the submitted line keeps its price.
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v2/pricebook/update/${wiring}`, headers: mro.headers, payload: { price: '99999' } }))
        .statusCode,
    ).toBe(200);
    const [line] = await t.db.select().from(observationLines).where(eq(observationLines.pricebookItemId, wiring));
    expect(line!.unitPriceKobo).toBe(1_250_050);

    // The owner rejects it (a reason is required), the staff correct it, the owner accepts the correction.
    expect((await post(owner, `/v2/observation/accept/${first._id}`, { action: 'reject' })).statusCode).toBe(400);
    const rejected = await post(owner, `/v2/observation/accept/${first._id}`, { action: 'reject', reason: 'Quote the seal kit too' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'assigned', resolution: { paused: false } });
    expect(await eventsOf(tech)).toContain('observation.rejected');
    expect((await post(owner, `/v2/observation/accept/${first._id}`, { action: 'accept' })).statusCode).toBe(409);
    const corrected = await post(tech, `/v2/observation/create/${id}`, observation({ supersedes: first._id, type: 'okay', lines: [] }));
    expect(corrected.statusCode, corrected.body).toBe(201);
    const [old, correction] = corrected.json().data.observations;
    expect(old).toMatchObject({ status: 'superseded', supersededBy: correction._id });
    expect(correction).toMatchObject({ status: 'submitted', supersedes: old._id, total: '0.00' });
    const accepted2 = await post(owner, `/v2/observation/accept/${correction._id}`, { action: 'accept' });
    expect(accepted2.json().data).toMatchObject({ status: 'resolved' });
    expect(await eventsOf(mro)).toContain('observation.accepted');

    // The paused time is kept apart from the running time.
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row!.pausedSince).toBeNull();
    expect(row!.pausedMs).toBeGreaterThanOrEqual(0);

    const closed = await post(owner, `/v2/sr/close/${id}`, { note: 'Done, thank you' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closeNote: 'Done, thank you', resolution: { stopped: true } });
    const again = await post(owner, `/v2/sr/close/${id}`);
    expect(again.statusCode, again.body).toBe(409);
    expect(await eventsOf(tech)).toContain('service_request.closed');
    expect((await get(owner, '/v2/sr?tab=completed')).json().data.map((r: { _id: string }) => r._id)).toContain(id);
    const timeline = closed.json().data.timeline.map((s: { action: string }) => s.action);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'service_request.sent',
        'service_request.accepted',
        'service_request.assigned',
        'observation.submitted',
        'service_request.closed',
      ]),
    );
    // Sent observations: the technician's own.
    const sent = await get(tech, '/v2/observation/sent');
    expect(sent.json().data.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([first._id, correction._id]));
  });

  it('declines with a reason told to the owner, and closes by GET for the mobile apps', async () => {
    const { _id: id } = await send();
    expect((await post(mro, `/v2/sr/sent/decline/${id}`, {})).json().errors).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const declined = await post(mro, `/v2/sr/sent/decline/${id}`, { reason: 'Out of our area' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declineReason: 'Out of our area', actions: [], resolution: null });
    expect(declined.json().data.response).toMatchObject({ stopped: true });
    expect(declined.json().data.createdBy).toMatchObject({ _id: owner.id, name: expect.stringContaining('Olu') });
    expect(await eventsOf(owner)).toContain('service_request.declined');
    const other = await send();
    const closed = await t.app.inject({ url: `/v2/sr/close/${other._id}`, headers: owner.headers });
    expect(closed.json().data.status).toBe('closed');
  });

  it('refuses an observation from a technician not assigned, and an item not in the pricebook', async () => {
    const { _id: id } = await send();
    await post(mro, `/v2/sr/sent/accept/${id}`);
    await post(mro, `/v2/sr/assign/${id}`, { users: [tech.id] });
    expect((await post(otherTech, `/v2/observation/create/${id}`, observation())).statusCode).toBe(404);
    const foreignItem = await createPricebookItem(t, unrelatedMro, { name: 'Foreign service' });
    const res = await post(tech, `/v2/observation/create/${id}`, observation({ lines: [{ pricebookItem: foreignItem, quantity: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'lines.0.pricebookItem', message: 'This item is not offered in your pricebook' }]);
    expect((await get(owner, `/v2/sr/${id}`)).json().data.observations).toHaveLength(0);
  });
});

describe('from a fault', () => {
  it('raises a request with the fault, converts the fault and links both ways', async () => {
    const faultId = await createFault(t, owner, { asset: generator, description: 'Generator will not crank' });
    const res = await post(owner, `/v2/sr/fault/${faultId}`, { priority: 'critical', receiverType: 'MRO', provider: mro.organisationId });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().data;
    expect(request).toMatchObject({ description: 'Generator will not crank', asset: { _id: generator }, fault: { _id: faultId } });
    const [fault] = await t.db.select().from(faults).where(eq(faults.id, faultId));
    expect(fault).toMatchObject({ status: 'converted', convertedType: 'service_request', convertedId: request._id });
    expect(
      (await post(owner, `/v2/sr/fault/${faultId}`, { priority: 'low', receiverType: 'MRO', provider: mro.organisationId })).statusCode,
    ).toBe(409);
    const raised = await get(owner, `/v2/sr/raised/${faultId}`);
    expect(raised.json().data.map((r: { _id: string }) => r._id)).toEqual([request._id]);
    expect((await get(owner, `/v2/sr/raised/${generator}`)).json().data.map((r: { _id: string }) => r._id)).toContain(request._id);
    expect((await get(otherOwner, `/v2/sr/raised/${faultId}`)).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('is the defaults until saved, then changes the codes and the observation rules', async () => {
    const initial = await get(owner, '/v2/configuration/created/sr');
    expect(initial.json().data).toMatchObject({ _id: null, codePrefix: 'SR', notOkayNeedsEvidence: false });
    expect((await post(mro, '/v2/configuration/create', { codePrefix: 'MRO' })).statusCode).toBe(403);
    expect((await post(owner, '/v2/configuration/create', { codePrefix: 'x' })).statusCode).toBe(400);
    const saved = await post(owner, '/v2/configuration/create', { codePrefix: 'req', notOkayNeedsEvidence: true, autoCloseDays: 3 });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data._id;
    expect(saved.json().data).toMatchObject({ codePrefix: 'REQ', autoCloseDays: 3 });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/v2/configuration/update/${id}`,
      headers: owner.headers,
      payload: { codePrefix: 'REQ', notOkayNeedsEvidence: true, notOkayNeedsLine: true, autoCloseDays: 1 },
    });
    expect(updated.json().data).toMatchObject({ _id: id, notOkayNeedsLine: true, autoCloseDays: 1 });
    const otherUpdate = await t.app.inject({
      method: 'PUT',
      url: `/v2/configuration/update/${id}`,
      headers: otherOwner.headers,
      payload: {},
    });
    expect(otherUpdate.statusCode).toBe(404);

    const created = await send();
    expect(created.code).toMatch(/^REQ-\d{6}$/);
    await post(mro, `/v2/sr/sent/accept/${created._id}`);
    await post(mro, `/v2/sr/assign/${created._id}`, { users: [tech.id] });
    const bare = await post(tech, `/v2/observation/create/${created._id}`, observation({ lines: [] }));
    expect(bare.json().errors).toEqual([
      { path: 'evidence', message: 'A Not Okay observation needs at least one photo or document as evidence' },
    ]);
    const photo = await createFile(t, tech, { type: 'png' });
    const noLines = await post(tech, `/v2/observation/create/${created._id}`, observation({ lines: [], evidence: [photo] }));
    expect(noLines.json().errors).toEqual([{ path: 'lines', message: 'A Not Okay observation needs at least one service or spare part' }]);
    const okay = await post(tech, `/v2/observation/create/${created._id}`, observation({ type: 'okay', lines: [] }));
    expect(okay.statusCode).toBe(201);
    const [submitted] = okay.json().data.observations;
    await post(owner, `/v2/observation/accept/${submitted._id}`, { action: 'accept' });

    // Resolved and idle past the owner's days: the job closes it and tells the provider and the staff.
    await t.db.execute(sql`update service_requests set last_activity_at = now() - interval '2 days' where id = ${created._id}`);
    expect(await autoClose(t.app.deps)).toBe(1);
    const after = (await get(owner, `/v2/sr/${created._id}`)).json().data;
    expect(after.status).toBe('closed');
    expect(after.timeline.map((s: { action: string }) => s.action)).toContain('service_request.auto_closed');
    expect(await autoClose(t.app.deps)).toBe(0);
    await post(owner, '/v2/configuration/create', { codePrefix: 'SR' });
  });
});

describe('the SLA clocks', () => {
  it('tells both parties once when a clock is almost over and once when it is exceeded', async () => {
    const { _id: id } = await send({ title: 'Clock test' });
    // Two and a half hours have passed: the 2-hour response target is exceeded, the 48-hour resolution runs on.
    await t.db.execute(sql`update service_requests set sent_at = sent_at - interval '150 minutes' where id = ${id}`);
    await t.db.execute(sql`update service_request_deadlines set due_at = due_at - interval '150 minutes' where service_request_id = ${id}`);
    const ownerBefore = (await eventsOf(owner)).length;
    // The response's "almost over" and "over" came due together: only "over" is told.
    expect(await tellSlaNotices(t.app.deps)).toBe(1);
    const told = await t.db
      .select({ notice: serviceRequestDeadlines.notice })
      .from(serviceRequestDeadlines)
      .where(and(eq(serviceRequestDeadlines.serviceRequestId, id), isNotNull(serviceRequestDeadlines.toldAt)));
    expect(told.map((d) => d.notice).sort()).toEqual(['response_breached', 'response_due_soon']);
    expect((await eventsOf(owner)).slice(ownerBefore)).toEqual(['service_request.response_breached']);
    expect(await eventsOf(mro)).toContain('service_request.response_breached');
    expect(await tellSlaNotices(t.app.deps)).toBe(0);
    const detail = (await get(owner, `/v2/sr/${id}`)).json().data;
    expect(detail.response.state).toBe('breached');
    expect(detail.timeline.map((s: { action: string }) => s.action)).toContain('service_request.response_breached');
    const breached = await get(owner, '/v2/sr?tab=outgoing&sla=on_time');
    expect(breached.json().data.map((r: { _id: string }) => r._id)).toContain(id);

    // 40 of 48 hours gone: the resolution clock is in its last fifth.
    await t.db.execute(sql`update service_requests set sent_at = sent_at - interval '38 hours' where id = ${id}`);
    await t.db.execute(sql`update service_request_deadlines set due_at = due_at - interval '38 hours' where service_request_id = ${id}`);
    expect(await tellSlaNotices(t.app.deps)).toBe(1);
    const dueSoon = await get(owner, '/v2/sr?tab=outgoing&sla=due_soon');
    expect(dueSoon.json().data.map((r: { _id: string }) => r._id)).toEqual([id]);
  });
});

describe('the counts', () => {
  it('keep every organisation’s counters equal to its requests, side by side and status by status', async () => {
    const counted = await rows<{ organisation_id: string; side: string; status: string; total: number }>(
      sql`select organisation_id, side, status, total from service_request_counts where total <> 0 order by 1, 2, 3`,
    );
    const actual = await rows<{ organisation_id: string; side: string; status: string; total: number }>(sql`
      select organisation_id, side, status, count(*)::int as total from (
        select organisation_id, 'owner' as side, status from service_requests
        union all select provider_id, 'provider', status from service_requests) s
      group by 1, 2, 3 order by 1, 2, 3`);
    expect(counted.rows).toEqual(actual.rows);
    const countsAnswer = await get(owner, '/v2/sr/counts');
    expect(countsAnswer.statusCode, countsAnswer.body).toBe(200);
    const counts = countsAnswer.json().data;
    const outgoing = await get(owner, '/v2/sr?tab=outgoing&pageSize=100');
    expect(counts.outgoing).toBe(outgoing.json().meta.total);
    expect(outgoing.json().data).toHaveLength(counts.outgoing);
    const incoming = await get(mro, '/v2/sr?tab=incoming&status=assigned&pageSize=100');
    expect(incoming.json().meta.total).toBe(incoming.json().data.length);
    expect((await get(tech, '/v2/sr/counts')).json().data.incoming).toBe((await get(tech, '/v2/sr?tab=incoming')).json().data.length);
  });
});
