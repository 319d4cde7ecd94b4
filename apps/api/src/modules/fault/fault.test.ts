import { FAULT_CODE_PATTERN } from '@amp/contracts/fault';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assets, faultReports, faults, files, organisationFaultCounts, roles } from '../../db/schema/index.js';
import { RecordedEffects } from '../../lib/effects.js';
import type { Principal } from '../../plugins/auth.js';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createFault,
  createOrganisation,
  createUser,
  dispatchTechnician,
  multipartFile,
  type TestUser,
  TINY_PDF,
  TINY_PNG,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { startSmtpCapture } from '../../test/smtp.js';
import { convertFault } from './fault.public.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: TestUser;
let ownerViewer: TestUser;
let mro: TestUser;
let technician: TestUser;
let unrelatedMro: TestUser;
let otherOwner: TestUser;
let supplier: TestUser;
let clusterId: string;
let pump: string;
let generator: string;
let transformer: string;
let otherAsset: string;

let ip = 0;
/** Each portal call from its own address unless one is given, so the per-IP limits answer only where a test wants them. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

const form = (asset: string, extra: Record<string, unknown> = {}) => ({
  email: 'passer.by@example.com',
  fullName: 'Passer By',
  phoneNumber: '08031234567',
  asset,
  faultType: 'Repair',
  description: 'The generator does not start',
  ...extra,
});

const portalReport = (ownerId: string, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/v2/fault/report/${ownerId}`, payload, remoteAddress });
const report = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v2/fault/report', headers: user.headers, payload });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const step = (user: TestUser, action: string, id: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/v2/fault/${action}/${id}`, headers: user.headers, ...(payload ? { payload } : {}) });
const faultRow = async (id: string) => (await t.db.select().from(faults).where(eq(faults.id, id)))[0]!;
const openCount = async (assetId: string) =>
  (await t.db.select({ n: assets.openFaultCount }).from(assets).where(eq(assets.id, assetId)))[0]!.n;
const faultTotal = async () =>
  Number(((await t.db.execute(sql`select count(*)::int as n from faults`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  ownerViewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  technician = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Tunde' });
  unrelatedMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  supplier = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
  const categoryId = await createCategory(t.db);
  clusterId = await createCluster(t, owner, { name: 'Ikeja site' });
  pump = await createAsset(t, owner, { categoryId, clusterId, name: 'Borehole pump' });
  generator = await createAsset(t, owner, { categoryId, name: 'Standby generator' });
  transformer = await createAsset(t, owner, { categoryId, name: 'Transformer' });
  otherAsset = await createAsset(t, otherOwner, { categoryId, name: 'Other generator' });
  await assignToProvider(t, owner, { providerId: mro.organisationId, assetIds: [generator, transformer], clusterIds: [clusterId] });
  await dispatchTechnician(t, mro, { kind: 'asset', targetId: generator, technicianId: technician.id });
  await dispatchTechnician(t, mro, { kind: 'asset', targetId: transformer, technicianId: technician.id });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the public portal', () => {
  it('names an active owner and hides anyone else', async () => {
    const res = await t.app.inject({ url: `/v2/fault/portal/${owner.organisationId}`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: owner.organisationId });
    const suspended = await createOrganisation(t.db, { kind: 'asset_owner', status: 'pending' });
    for (const id of [mro.organisationId, suspended.id, crypto.randomUUID()]) {
      expect((await t.app.inject({ url: `/v2/fault/portal/${id}`, remoteAddress: nextIp() })).statusCode).toBe(404);
    }
  });

  it("lists the owner's assets of a cluster or outside any, and pre-fills one from a label", async () => {
    const inCluster = await t.app.inject({
      url: `/v2/fault/portal/${owner.organisationId}/assets?cluster=${clusterId}`,
      remoteAddress: nextIp(),
    });
    expect(inCluster.json().data.map((a: { _id: string }) => a._id)).toEqual([pump]);
    const loose = await t.app.inject({ url: `/v2/fault/portal/${owner.organisationId}/assets?cluster=none`, remoteAddress: nextIp() });
    expect(
      loose
        .json()
        .data.map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['Standby generator', 'Transformer']);
    const label = await t.app.inject({ url: `/v2/fault/portal/${owner.organisationId}/asset/${pump}`, remoteAddress: nextIp() });
    expect(label.json().data).toMatchObject({ _id: pump, cluster: { _id: clusterId }, openFaults: 0 });
    const foreign = await t.app.inject({ url: `/v2/fault/portal/${owner.organisationId}/asset/${otherAsset}`, remoteAddress: nextIp() });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses another owner's asset with the catalogue's text and writes nothing", async () => {
    const before = await faultTotal();
    const res = await portalReport(owner.organisationId, form(otherAsset));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'asset', message: 'Field is not valid' }]);
    expect(await faultTotal()).toBe(before);
  });

  it('answers the empty form with the required-field texts and a bad email with the invalid-field text', async () => {
    const empty = await portalReport(owner.organisationId, {});
    expect(empty.statusCode).toBe(400);
    const messages = Object.fromEntries(empty.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({
      email: 'Required field',
      fullName: 'Required field',
      asset: 'Required field',
      description: 'Required field',
    });
    const bad = await portalReport(owner.organisationId, form(pump, { email: 'not-an-email', extra: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'email', message: 'Field is not valid' });
  });

  it('takes a report with a photo, mails the tracking code, and makes a second report a "+1"', async () => {
    const upload = await multipartFile(TINY_PNG, 'pole.png', { type: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/v2/fault/upload/${owner.organisationId}`,
      headers: upload.headers,
      payload: upload.payload,
      remoteAddress: nextIp(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.headers.location).toBe(uploaded.json().data.url);
    const photo = uploaded.json().data._id;

    const first = await portalReport(owner.organisationId, form(pump, { cluster: clusterId, document: [photo], email: 'ada@example.com' }));
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json().data;
    expect(answer).toMatchObject({ message: 'Fault report has been successfully submitted.', duplicate: false });
    expect(answer.code).toMatch(FAULT_CODE_PATTERN);
    expect(answer.trackPath).toBe(`/report/fault/track/${answer.code}`);
    const row = await faultRow(answer._id);
    expect(row).toMatchObject({
      status: 'awaiting_owner',
      source: 'portal',
      organisationId: owner.organisationId,
      providerId: mro.organisationId,
    });
    expect(await openCount(pump)).toBe(1);
    const [image] = await t.db.select().from(files).where(eq(files.id, photo));
    expect(image).toMatchObject({ subjectType: 'fault', subjectId: answer._id });
    const mail = await smtp.waitFor('ada@example.com');
    expect(mail.text).toContain(answer.code);
    expect(mail.text).toContain(`/report/fault/track/${answer.code}`);

    const second = await portalReport(owner.organisationId, form(pump, { email: 'bola@example.com', description: 'Still broken' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ _id: answer._id, code: answer.code, duplicate: true });
    expect(second.json().data.message).toBe(
      'This fault has already been reported and is being looked at. Your report has been added to it.',
    );
    expect((await faultRow(answer._id)).reporters).toBe(2);
    expect(await t.db.select().from(faultReports).where(eq(faultReports.faultId, answer._id))).toHaveLength(2);
    expect(await openCount(pump)).toBe(1);

    // The owner sees it waiting for its decision, with the photo and both reporters.
    const approval = await get(owner, '/v2/fault?tab=approval');
    expect(approval.json().data.map((f: { _id: string }) => f._id)).toContain(answer._id);
    const detail = await get(owner, `/v2/fault/${answer._id}`);
    expect(detail.json().data).toMatchObject({ reporters: 2, hasImage: true, parties: ['owner'], image: { _id: photo } });
    expect(detail.json().data.reports.map((r: { email: string }) => r.email)).toEqual(['ada@example.com', 'bola@example.com']);
    expect(detail.json().data.timeline.map((e: { action: string }) => e.action)).toEqual(['fault.reported', 'fault.plus_one']);
    // The asset list's marker.
    const list = await get(owner, '/v2/asset/created?pageSize=100');
    expect(list.json().data.find((a: { _id: string }) => a._id === pump).openFaults).toBe(1);
  });

  it('makes reports racing on one asset one fault with a "+1" each', async () => {
    const pole = await createAsset(t, owner, { categoryId: await createCategory(t.db), name: 'Street light pole' });
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, n) => portalReport(owner.organisationId, form(pole, { email: `walker${n}@example.com` }))),
    );
    for (const answer of racing) expect(answer.statusCode, answer.body).toBe(201);
    const answers = racing.map((answer) => answer.json().data);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(new Set(answers.map((a) => a._id)).size).toBe(1);
    const id = answers[0]._id;
    expect((await faultRow(id)).reporters).toBe(8);
    expect(await t.db.select().from(faultReports).where(eq(faultReports.faultId, id))).toHaveLength(8);
    expect(await openCount(pole)).toBe(1);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await faultTotal();
    const res = await portalReport(owner.organisationId, form(generator, { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ message: 'Fault report has been successfully submitted.', duplicate: false });
    expect(await faultTotal()).toBe(before);
  });

  it('limits reports per address (429) and refuses an image that is not one', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await portalReport(owner.organisationId, form(generator, { website: 'x' }), address)).statusCode).toBe(201);
    }
    const blocked = await portalReport(owner.organisationId, form(generator), address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const pdf = await multipartFile(TINY_PDF, 'x.png', { type: 'image/png' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v2/fault/upload/${owner.organisationId}`,
      headers: pdf.headers,
      payload: pdf.payload,
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('portal reporters', () => {
  it('are mailed in their own language when the fault closes', async () => {
    const categoryId = await createCategory(t.db);
    const kiosk = await createAsset(t, owner, { categoryId, name: 'Gate kiosk' });
    const inLanguage = (payload: object, language: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/fault/report/${owner.organisationId}`,
        payload,
        remoteAddress: nextIp(),
        headers: { 'accept-language': language },
      });
    const first = await inLanguage(form(kiosk, { email: 'amelie@example.com' }), 'fr-FR,fr;q=0.9');
    expect(first.statusCode, first.body).toBe(201);
    const { _id: id, code } = first.json().data;
    expect((await inLanguage(form(kiosk, { email: 'jonas@example.com' }), 'de')).json().data).toMatchObject({ _id: id, duplicate: true });
    expect((await smtp.waitFor('amelie@example.com')).raw).toContain(code);

    const rejected = await step(owner, 'reject', id, { reason: 'Vandalism: the police were told' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const closedFr = await smtp.waitFor('amelie@example.com', 5000, (m) => m.text.includes('Vandalism'));
    expect(closedFr.text).toContain(`votre signalement de panne ${code} est clos`);
    expect(closedFr.text).not.toContain('Your fault report');
    const closedDe = await smtp.waitFor('jonas@example.com', 5000, (m) => m.text.includes('Vandalism'));
    expect(closedDe.text).toContain(`Ihre Störungsmeldung ${code} an Gate kiosk`);
  });
});

describe('following the work raised from a portal fault', () => {
  it('shows the reporter its acceptance, its start and its end, and mails them once that it was fixed', async () => {
    const categoryId = await createCategory(t.db);
    const lift = await createAsset(t, owner, { categoryId, name: 'Passenger lift' });
    const reported = await portalReport(owner.organisationId, form(lift, { email: 'kemi@example.com' }));
    expect(reported.statusCode, reported.body).toBe(201);
    const { _id: faultId, code } = reported.json().data;
    const events = async () =>
      ((await t.app.inject({ url: `/v2/fault/track/${code}`, remoteAddress: nextIp() })).json().data.history as { event: string }[]).map(
        (h) => h.event,
      );
    // The owner raises a work order on it (no approval levels here: it goes to the MRO at once).
    const raised = await t.app.inject({
      method: 'POST',
      url: `/v2/wo/fault/${faultId}`,
      headers: owner.headers,
      payload: {
        priority: 'high',
        receiverType: 'MRO',
        provider: mro.organisationId,
        lines: [{ name: 'Cable', price: '5000', quantity: 1 }],
      },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const wo = raised.json().data._id as string;
    expect(await events()).toEqual(['reported', 'converted']);
    const woStep = async (action: string, payload: object = {}) => {
      const res = await t.app.inject({ method: 'POST', url: `/v2/wo/${action}/${wo}`, headers: mro.headers, payload });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    };
    await woStep('sent/accept');
    expect(await events()).toEqual(['reported', 'converted', 'work_accepted']);
    await woStep('assign', { users: [technician.id] });
    await woStep('start');
    await woStep('hold', { reason: 'Waiting for the cable' });
    await woStep('resume');
    await woStep('complete', { note: 'Cable replaced, lift runs', timeSpent: 2, lines: [], photos: [] });
    // Each step once, whatever came in between; the page never names who did it.
    expect(await events()).toEqual(['reported', 'converted', 'work_accepted', 'work_started', 'work_done']);
    const isFixed = (m: { text: string }) => m.text.includes('has been fixed');
    const fixed = await smtp.waitFor('kemi@example.com', 5000, isFixed);
    expect(fixed.text).toContain(`AMP: the fault you reported (${code}) has been fixed`);
    expect(fixed.text).toContain(`/report/fault/track/${code}`);
    expect(smtp.mails.filter((m) => m.to.includes('kemi@example.com') && isFixed(m))).toHaveLength(1);
  });
});

describe('the workflow', () => {
  it("takes a technician's report through the provider to the owner's rejection, and tracks it without names", async () => {
    const id = await createFault(t, technician, { asset: generator, description: 'Oil leak under the engine' });
    expect(await faultRow(id)).toMatchObject({ status: 'awaiting_provider', source: 'provider', providerId: mro.organisationId });
    // Still with the provider: the owner does not see it yet; an unrelated provider never does.
    expect((await get(owner, `/v2/fault/${id}`)).statusCode).toBe(404);
    expect((await get(unrelatedMro, `/v2/fault/${id}`)).statusCode).toBe(404);
    expect((await get(otherOwner, `/v2/fault/${id}`)).statusCode).toBe(404);
    // Nor does the owner's asset list mark it.
    expect(await openCount(generator)).toBe(0);
    expect((await get(mro, '/v2/fault?tab=approval')).json().data.map((f: { _id: string }) => f._id)).toContain(id);
    expect((await get(mro, '/v2/fault/counts')).json().data.approval).toBeGreaterThanOrEqual(1);

    // A technician may not approve (no viewOrganizationAssignedAsset), nor the owner.
    expect((await step(technician, 'approve', id)).statusCode).toBe(403);
    expect((await step(unrelatedMro, 'approve', id)).statusCode).toBe(404);
    const approved = await step(mro, 'approve', id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'awaiting_owner', parties: ['provider'] });
    expect((await step(mro, 'approve', id)).statusCode).toBe(409);
    expect(await openCount(generator)).toBe(1);

    // The owner's reason is required; nothing changes without it.
    const noReason = await step(owner, 'reject', id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    expect((await faultRow(id)).status).toBe('awaiting_owner');
    expect((await step(ownerViewer, 'reject', id, { reason: 'x' })).statusCode).toBe(403);
    const rejected = await step(owner, 'reject', id, { reason: 'Fixed during the last service' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Fixed during the last service' });
    expect((await faultRow(id)).closedAt).not.toBeNull();
    expect(await openCount(generator)).toBe(0);
    expect((await step(owner, 'reject', id, { reason: 'again' })).statusCode).toBe(409);

    const { code } = await faultRow(id);
    const tracked = await t.app.inject({ url: `/v2/fault/track/${code.toLowerCase()}`, remoteAddress: nextIp() });
    expect(tracked.statusCode).toBe(200);
    // Its times are read in the owner's zone, as the owner's own pages show them.
    expect(tracked.json().data).toMatchObject({ status: 'rejected', open: false, timeZone: 'Africa/Lagos' });
    expect(tracked.json().data.history.map((h: { event: string }) => h.event)).toEqual(['reported', 'approved', 'rejected']);
    expect(tracked.json().data.history.at(-1).reason).toBe('Fixed during the last service');
    for (const secret of ['Tunde', 'Olu', 'reporter@example.com', 'Ada Reporter', technician.email, owner.email]) {
      expect(tracked.body).not.toContain(secret);
    }
    // The technician heard of the approval and the rejection.
    const notices = await get(technician, '/v2/notification');
    expect(
      notices
        .json()
        .data.map((n: { description: string }) => n.description)
        .join('\n'),
    ).toContain('was rejected');
  });

  it('returns a report to its technician, who corrects it and sends it again', async () => {
    const id = await createFault(t, technician, { asset: transformer, faultType: 'Replacement' });
    const returned = await step(mro, 'return', id, { reason: 'Add a photo of the nameplate' });
    expect(returned.json().data).toMatchObject({ status: 'returned', reason: 'Add a photo of the nameplate' });
    const body = form(transformer, { faultType: 'Replacement', description: 'Nameplate burnt; needs a new unit' });
    const mismatch = await step(technician, 'edit', id, { ...body, id: crypto.randomUUID() });
    expect(mismatch.statusCode).toBe(400);
    expect((await step(mro, 'edit', id, body)).statusCode).toBe(403);
    const edited = await step(technician, 'edit', id, { ...body, id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      status: 'awaiting_provider',
      description: 'Nameplate burnt; needs a new unit',
      parties: ['provider', 'reporter'],
    });
    expect((await step(technician, 'edit', id, body)).statusCode).toBe(409);
    const mine = await get(technician, '/v2/fault?tab=mine');
    expect(mine.json().data.map((f: { _id: string }) => f._id)).toContain(id);
  });

  it('starts a report by the owner’s staff and by the provider at the owner', async () => {
    const byProvider = await report(mro, form(transformer, { faultType: 'Repair' }));
    expect(byProvider.statusCode, byProvider.body).toBe(201);
    expect(await faultRow(byProvider.json().data._id)).toMatchObject({ status: 'awaiting_owner', source: 'provider' });
    // The same asset and type again, by the owner: a "+1".
    const byOwner = await report(owner, form(transformer, { faultType: 'Repair' }));
    expect(byOwner.json().data).toMatchObject({ duplicate: true, _id: byProvider.json().data._id });
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without a permission', async () => {
    expect((await t.app.inject({ url: '/v2/fault' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v2/fault/report', payload: form(pump) })).statusCode).toBe(401);
    expect((await get(supplier, '/v2/fault')).statusCode).toBe(403);
    expect((await report(ownerViewer, form(pump))).statusCode).toBe(403);
  });

  it('refuses an asset the reporter does not see, like one that does not exist, and writes nothing', async () => {
    const before = await faultTotal();
    const foreign = await report(unrelatedMro, form(generator));
    const missing = await report(unrelatedMro, form(crypto.randomUUID()));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toBe(missing.body);
    expect(await faultTotal()).toBe(before);
  });

  it("keeps another owner's faults out of the list and the counts", async () => {
    const res = await get(otherOwner, '/v2/fault?tab=all');
    expect(res.json().data).toEqual([]);
    expect((await get(otherOwner, '/v2/fault/counts')).json().data).toEqual({ open: 0, closed: 0, approval: 0, mine: 0 });
  });

  it('shares the prepared lists between viewers of the same shape, each seeing only their own, with counts equal to the totals', async () => {
    const theirs = await portalReport(otherOwner.organisationId, form(otherAsset, { description: 'Other owner generator is smoking' }));
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json().data._id;
    // Twice each, alternating: the second round runs the statements the first prepared, on the same connections.
    for (let round = 0; round < 2; round++) {
      for (const viewer of [owner, otherOwner, mro, technician]) {
        const counts = (await get(viewer, '/v2/fault/counts')).json().data;
        for (const tab of ['open', 'closed', 'approval', 'mine'] as const) {
          const res = await get(viewer, `/v2/fault?tab=${tab}&pageSize=100`);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().meta.total, `${tab} of ${viewer.email}`).toBe(counts[tab]);
          expect(res.json().data.length).toBe(counts[tab]);
        }
        const all = (await get(viewer, '/v2/fault?tab=all&pageSize=100')).json().data as { _id: string; owner: { _id: string } }[];
        if (viewer === owner || viewer === otherOwner) {
          expect(all.length).toBeGreaterThan(0);
          expect(all.every((row) => row.owner._id === viewer.organisationId)).toBe(true);
        }
        expect(all.some((row) => row._id === theirId)).toBe(viewer === otherOwner);
        const found = (await get(viewer, `/v2/fault?tab=all&search=${encodeURIComponent('smoking')}`)).json();
        expect(found.data.map((row: { _id: string }) => row._id)).toEqual(viewer === otherOwner ? [theirId] : []);
        expect(found.meta.total).toBe(viewer === otherOwner ? 1 : 0);
      }
    }
    // A search by the asset's name reaches its faults too, for its owner only.
    const byAsset = (await get(otherOwner, `/v2/fault?tab=all&search=${encodeURIComponent('Other generator')}`)).json();
    expect(byAsset.data.map((row: { _id: string }) => row._id)).toContain(theirId);
    expect((await get(owner, `/v2/fault?tab=all&search=${encodeURIComponent('Other generator')}`)).json().data).toEqual([]);
  });
});

describe('the owner counters (organisation_fault_counts)', () => {
  const rowsOf = async (result: unknown) => (result as { rows: { organisation_id: string; status: string; n: number }[] }).rows;
  /** The counters equal a count of the rows per (organisation, status), zero counters aside. */
  const expectCountersExact = async () => {
    const real = await rowsOf(
      await t.db.execute(sql`select organisation_id, status, count(*)::int as n from faults group by 1, 2 order by 1, 2`),
    );
    const kept = await rowsOf(
      await t.db.execute(sql`select organisation_id, status, total as n from organisation_fault_counts where total <> 0 order by 1, 2`),
    );
    expect(kept).toEqual(real);
  };
  /** The owner's tab counts and list totals equal the rows they stand for. */
  const expectOwnerTabsExact = async () => {
    const real = async (statuses: string[]) =>
      (
        await rowsOf(
          await t.db.execute(
            sql`select 0 as organisation_id, '' as status, count(*)::int as n from faults where organisation_id = ${owner.organisationId} and status in (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        )
      )[0]!.n;
    const expected = {
      open: await real(['awaiting_owner']),
      closed: await real(['rejected', 'converted']),
      approval: await real(['awaiting_owner']),
    };
    const counts = (await get(owner, '/v2/fault/counts')).json().data;
    expect(counts).toMatchObject(expected);
    for (const tab of ['open', 'closed', 'approval'] as const) {
      const res = (await get(owner, `/v2/fault?tab=${tab}&pageSize=100`)).json();
      expect(res.meta.total, tab).toBe(expected[tab]);
      expect(res.data.length, tab).toBe(expected[tab]);
    }
    // The owner's viewer (viewAsset, no manageAssetFault) reads the same Open and Closed tabs from the counters.
    const viewerCounts = (await get(ownerViewer, '/v2/fault/counts')).json().data;
    expect(viewerCounts).toMatchObject({ open: expected.open, closed: expected.closed, approval: 0 });
  };

  it('follows reports, "+1"s, approvals, returns, rejections and a conversion', async () => {
    await expectCountersExact();
    await expectOwnerTabsExact();
    // The owner's tabs read the counters (shifted here for a moment), the provider's count rows.
    const shift = (by: number) =>
      t.db.execute(
        sql`update organisation_fault_counts set total = total + ${by} where organisation_id = ${owner.organisationId} and status = 'rejected'`,
      );
    const before = (await get(owner, '/v2/fault/counts')).json().data;
    await shift(5);
    expect((await get(owner, '/v2/fault/counts')).json().data.closed).toBe(before.closed + 5);
    expect((await get(owner, '/v2/fault?tab=closed')).json().meta.total).toBe(before.closed + 5);
    expect((await get(owner, '/v2/fault?tab=closed&faultType=Repair&pageSize=100')).json().meta.total).toBeLessThanOrEqual(before.closed);
    await shift(-5);
    // A portal report (awaiting_owner) and a "+1" on it (no change of status).
    const first = await portalReport(owner.organisationId, form(pump, { faultType: 'Replacement', description: 'Counter pump' }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await portalReport(owner.organisationId, form(pump, { faultType: 'Replacement', description: 'Counter pump again' }));
    expect(again.json().data.duplicate).toBe(true);
    await expectCountersExact();
    await expectOwnerTabsExact();
    // A technician's report (awaiting_provider: not the owner's yet), returned, resubmitted, approved, rejected.
    const id = await createFault(t, technician, { asset: generator, faultType: 'Replacement', description: 'Counter generator' });
    await expectCountersExact();
    expect((await step(mro, 'return', id, { reason: 'Add the nameplate' })).statusCode).toBe(200);
    await expectCountersExact();
    const body = form(generator, { faultType: 'Replacement', description: 'Counter generator, nameplate attached' });
    expect((await step(technician, 'edit', id, { ...body, id })).statusCode).toBe(200);
    expect((await step(mro, 'approve', id)).statusCode).toBe(200);
    await expectCountersExact();
    await expectOwnerTabsExact();
    expect((await step(owner, 'reject', id, { reason: 'Replaced last week' })).statusCode).toBe(200);
    await expectCountersExact();
    await expectOwnerTabsExact();
    // The portal report converted into what it became (the service request issue's call).
    const [role] = await t.db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, owner.roleId));
    const principal: Principal = {
      sessionId: 'test',
      userId: owner.id,
      organisationId: owner.organisationId,
      organisationKind: 'asset_owner',
      roleId: owner.roleId,
      roleKey: 'asset_owner',
      permissions: role!.permissions,
      isOrgAdmin: true,
    };
    const converted = first.json().data._id as string;
    await t.db.transaction((tx) =>
      convertFault(
        { config: { PUBLIC_URL: 'http://amp.test' } } as Parameters<typeof convertFault>[0],
        tx,
        new RecordedEffects({ userId: owner.id, organisationId: owner.organisationId }),
        principal,
        converted,
        {
          type: 'service_request',
          id: crypto.randomUUID(),
        },
      ),
    );
    expect((await faultRow(converted)).status).toBe('converted');
    await expectCountersExact();
    await expectOwnerTabsExact();
    // A delete (an organisation's faults go with it) takes its counts away.
    await t.db.delete(faults).where(eq(faults.id, id));
    await expectCountersExact();
    await expectOwnerTabsExact();
    expect(
      (await t.db.select().from(organisationFaultCounts).where(eq(organisationFaultCounts.organisationId, owner.organisationId))).length,
    ).toBeGreaterThan(0);
  });
});
