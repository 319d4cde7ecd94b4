import { formatMessage } from '@amp/contracts/messages';
import {
  compositeScore,
  EMPTY_SCORE_CARD_SUMS,
  rankScoreCards,
  type ScoreCardFigures,
  scoreCardFigures,
  scoreCardWeight,
} from '@amp/contracts/score-card';
import type { WoStatus } from '@amp/contracts/work-order';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faults, serviceRequests, workOrders } from '../../db/schema/index.js';
import { createAsset, createCategory, createFault, createOrganisation, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';

describe('score card definitions (pure)', () => {
  it('halves the weight every 90 days and counts a future event as now', () => {
    expect(scoreCardWeight(0)).toBe(1);
    expect(scoreCardWeight(90)).toBe(0.5);
    expect(scoreCardWeight(180)).toBe(0.25);
    expect(scoreCardWeight(-5)).toBe(1);
  });

  it('renormalises the score over the components with data, and has none without any', () => {
    // rating 4/5 (40) and quality 1 (10): (0.8 * 40 + 1 * 10) / 50 = 84.
    expect(compositeScore({ rating: 0.8, resolutionOnTime: null, responseOnTime: null, quality: 1 })).toBeCloseTo(84, 10);
    expect(compositeScore({ rating: 1, resolutionOnTime: 0.5, responseOnTime: 0, quality: 0.5 })).toBeCloseTo(60, 10);
    expect(compositeScore({ rating: null, resolutionOnTime: null, responseOnTime: null, quality: null })).toBeNull();
  });

  it('answers no data (null) rather than zero for a provider with nothing behind a figure', () => {
    expect(scoreCardFigures({ ...EMPTY_SCORE_CARD_SUMS, declined: 2 })).toEqual({
      jobsCompleted: 0,
      responseOnTime: null,
      responseCount: 0,
      resolutionOnTime: null,
      resolutionCount: 0,
      meanTimeToRespondHours: null,
      meanTimeToResolveHours: null,
      averageRating: null,
      ratingCount: 0,
      ratingTrend: null,
      unsatisfactory: 0,
      recalls: 0,
      declined: 2,
      score: null,
    });
  });

  it('caps quality at zero when recalls and unsatisfactory results outnumber the jobs', () => {
    const figures = scoreCardFigures({ ...EMPTY_SCORE_CARD_SUMS, jobsCompleted: 1, recalls: 2, unsatisfactory: 1 });
    expect(figures.score).toBe(0);
  });

  it('ranks by score, no score last, ties by jobs completed then name', () => {
    const card = (name: string, score: number | null, jobsCompleted: number) => ({
      name,
      figures: { ...scoreCardFigures(EMPTY_SCORE_CARD_SUMS), score, jobsCompleted } as ScoreCardFigures,
    });
    const ranked = rankScoreCards([card('A', null, 9), card('B', 80, 1), card('C', 80, 3), card('D', 90, 0), card('E', 80, 3)]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ['D', 1],
      ['C', 2],
      ['E', 3],
      ['B', 4],
      ['A', 5],
    ]);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028);
// the kept sums' scenario deletes a fault with SQL, past the fault service that keeps this count.
afterEach(() => expectRollupsAgree(t.db, ['assets.open_fault_count']));
let ownerA: TestUser;
let ownerB: TestUser;
let superAdmin: TestUser;
let p1User: TestUser;
let p3User: TestUser;
let p1: string;
let p2: string;
let p3: string;
let p4: string;
let codes = 0;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
  ownerA = await createUser(t.db, { roleKey: 'asset_owner' });
  ownerB = await createUser(t.db, { roleKey: 'asset_owner' });
  p1 = (await createOrganisation(t.db, { kind: 'mro', name: 'Alpha Maintenance' })).id;
  p2 = (await createOrganisation(t.db, { kind: 'imo', name: 'Beta Implementers' })).id;
  p3 = (await createOrganisation(t.db, { kind: 'external_technician', name: 'Chinedu Eze' })).id;
  p4 = (await createOrganisation(t.db, { kind: 'mro', name: 'Delta Repairs' })).id;
  p1User = await createUser(t.db, { organisationId: p1, roleKey: 'mro' });
  p3User = await createUser(t.db, { organisationId: p3, roleKey: 'external_technician' });
  const categoryId = await createCategory(t.db);
  const assetA = await createAsset(t, ownerA, { categoryId, name: 'Generator A' });
  const assetB = await createAsset(t, ownerB, { categoryId, name: 'Generator B' });
  const now = Date.now();

  const order = async (
    owner: TestUser,
    asset: string,
    provider: string,
    values: {
      status: WoStatus;
      sent: number;
      accepted?: number;
      completed?: number;
      sla?: boolean;
      rating?: number;
      unsatisfactory?: number;
    },
  ) => {
    const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));
    const [row] = await t.db
      .insert(workOrders)
      .values({
        code: `WO-${String(++codes).padStart(6, '0')}`,
        organisationId: owner.organisationId,
        providerId: provider,
        receiverType: 'MRO',
        assetId: asset,
        title: `Job ${codes}`,
        description: 'A job',
        subjectLabel: 'Generator',
        priority: 'medium',
        status: values.status,
        responseHours: values.sla ? 4 : null,
        resolutionHours: values.sla ? 24 : null,
        sentAt: at(values.sent),
        acceptedAt: at(values.accepted),
        completedAt: at(values.completed),
        closedAt: values.status === 'closed' ? at(values.completed) : null,
        rating: values.rating ?? null,
        ratedAt: values.rating ? at(values.completed) : null,
        unsatisfactoryCount: values.unsatisfactory ?? 0,
      })
      .returning({ id: workOrders.id });
    return row!.id;
  };

  // Provider 1 for owner A, SLA 4 h / 24 h. Every answered order is accepted 18 h before it is
  // completed, so the weights of two orders compare exactly as 0.5 ^ (their age gap / 90 days).
  // x1: completed now, responded in 2 h, resolved in 20 h, rated 4; recalled below.
  await order(ownerA, assetA, p1, {
    status: 'closed',
    sla: true,
    completed: now,
    accepted: now - 18 * HOUR,
    sent: now - 20 * HOUR,
    rating: 4,
  });
  // x2: completed 90 days ago (weight half of x1's), responded in 6 h (late), resolved in exactly 24 h (on time), rated 2, once unsatisfactory.
  const c2 = now - 90 * DAY;
  await order(ownerA, assetA, p1, {
    status: 'closed',
    sla: true,
    completed: c2,
    accepted: c2 - 18 * HOUR,
    sent: c2 - 24 * HOUR,
    rating: 2,
    unsatisfactory: 1,
  });
  // x3: sent 90 days 18 h ago and never answered: already late on response (weight as x2's response).
  await order(ownerA, assetA, p1, { status: 'sent', sla: true, sent: c2 - 18 * HOUR });
  // x4: declined; and a draft never sent, which the provider never saw.
  await order(ownerA, assetA, p1, { status: 'declined', sla: true, sent: now - 5 * DAY });
  await t.db.insert(workOrders).values({
    code: `WO-${String(++codes).padStart(6, '0')}`,
    organisationId: ownerA.organisationId,
    providerId: p1,
    receiverType: 'MRO',
    assetId: assetA,
    title: 'Draft',
    description: 'Not sent',
    subjectLabel: 'Generator',
    priority: 'low',
    status: 'draft',
  });
  // A fault on the asset within 30 days of x1's closing: a recall of x1 (the database's trigger flags it).
  await createFault(t, ownerA, { asset: assetA, description: 'Generator fails again' });

  // Provider 2 for owner A, no SLA. y1: completed now, 12 h to respond, 30 h to resolve, rated 5.
  await order(ownerA, assetA, p2, { status: 'certified', completed: now, accepted: now - 18 * HOUR, sent: now - 30 * HOUR, rating: 5 });
  // y2: completed 180 days ago (weight a quarter of y1's), 1 h to respond, 19 h to resolve, rated 3.
  const c4 = now - 180 * DAY;
  await order(ownerA, assetA, p2, { status: 'certified', completed: c4, accepted: c4 - 18 * HOUR, sent: c4 - 19 * HOUR, rating: 3 });

  // Provider 3 only declined a service request of owner A; provider 4 works only for owner B.
  const request = (owner: TestUser, provider: string, status: 'declined' | 'sent') =>
    t.db.insert(serviceRequests).values({
      code: `SR-${String(++codes).padStart(6, '0')}`,
      organisationId: owner.organisationId,
      providerId: provider,
      receiverType: 'MRO',
      assetId: owner === ownerA ? assetA : assetB,
      title: `Request ${codes}`,
      description: 'A request',
      subjectLabel: 'Generator',
      priority: 'medium',
      status,
      sentAt: new Date(now - 2 * DAY),
    });
  await request(ownerA, p3, 'declined');
  await request(ownerA, p1, 'declined');
  await request(ownerA, p2, 'sent');
  await order(ownerB, assetB, p4, { status: 'closed', completed: now, accepted: now - 18 * HOUR, sent: now - 20 * HOUR, rating: 1 });
  // Provider 1 also works for owner B: z1, completed now, rated 5, no SLA.
  await order(ownerB, assetB, p1, { status: 'closed', completed: now, accepted: now - 18 * HOUR, sent: now - 20 * HOUR, rating: 5 });
});
afterAll(async () => {
  await t?.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });

/**
 * Provider 1 as owner A sees it (k = the weight of an answer 18 h before a completion of now):
 * - response: x1 on time (k), x2 late (k/2), x3 late (k/2): 50%; responded x1 2 h, x2 6 h:
 *   (2k + 6k/2) / 1.5k = 3.3 h;
 * - resolution: x1 20 h (weight 1), x2 24 h (1/2), both on time: 100%, (20 + 12) / 1.5 = 21.3 h;
 * - rating (4 * 1 + 2 * 1/2) / 1.5 = 3.33; last 90 days 4, the 90 before 2: trend +2;
 * - quality 1 - min(1, (1 recall + 1 unsatisfactory) / 2 jobs) = 0;
 * - score (3.333/5 * 40 + 1 * 30 + 0.5 * 20 + 0 * 10) / 100 = 66.7.
 */
const P1_FOR_A: ScoreCardFigures = {
  jobsCompleted: 2,
  responseOnTime: 50,
  responseCount: 3,
  resolutionOnTime: 100,
  resolutionCount: 2,
  meanTimeToRespondHours: 3.3,
  meanTimeToResolveHours: 21.3,
  averageRating: 3.33,
  ratingCount: 2,
  ratingTrend: 2,
  unsatisfactory: 1,
  recalls: 1,
  declined: 2,
  score: 66.7,
};

/**
 * Provider 2 (no SLA): respond (12 * 1 + 1 * 1/4) / 1.25 = 9.8 h; resolve (30 + 19/4) / 1.25 = 27.8 h;
 * rating (5 + 3/4) / 1.25 = 4.6; y2 is 180 days old, outside the trend's earlier window: no trend;
 * score (4.6/5 * 40 + 1 * 10) / 50 = 93.6.
 */
const P2_FOR_A: ScoreCardFigures = {
  jobsCompleted: 2,
  responseOnTime: null,
  responseCount: 0,
  resolutionOnTime: null,
  resolutionCount: 0,
  meanTimeToRespondHours: 9.8,
  meanTimeToResolveHours: 27.8,
  averageRating: 4.6,
  ratingCount: 2,
  ratingTrend: null,
  unsatisfactory: 0,
  recalls: 0,
  declined: 0,
  score: 93.6,
};

describe('GET /v2/score-card/all/list', () => {
  it("answers callers asking at once from shared computations, each its own owner's", async () => {
    // Concurrent callers of one owner share a ranking; another owner's callers never get it.
    const answers = await Promise.all([
      get(ownerA, '/v2/score-card/all/list'),
      get(ownerB, '/v2/score-card/all/list'),
      get(ownerA, '/v2/score-card/all/list'),
      get(ownerA, `/v2/score-card/${p1}`),
      get(ownerB, '/v2/score-card/all/list'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [a1, b1, a2, a3, b2] = answers.map((res) => res.json());
    expect(a1.data.map((row: { provider: { _id: string } }) => row.provider._id)).toEqual([p2, p1, p3]);
    expect(a2).toEqual(a1);
    expect(a3.data).toMatchObject({ rank: 2, ranked: 3, figures: P1_FOR_A });
    expect(b1.data.map((row: { provider: { _id: string } }) => row.provider._id)).not.toContain(p3);
    expect(b2).toEqual(b1);
  });

  it("ranks the owner's providers with the weighted figures, the one without data last", async () => {
    const res = await get(ownerA, '/v2/score-card/all/list');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    expect(body.data).toEqual([
      { rank: 1, provider: { _id: p2, name: 'Beta Implementers', kind: 'imo' }, figures: P2_FOR_A },
      { rank: 2, provider: { _id: p1, name: 'Alpha Maintenance', kind: 'mro' }, figures: P1_FOR_A },
      {
        rank: 3,
        provider: { _id: p3, name: 'Chinedu Eze', kind: 'external_technician' },
        figures: { ...scoreCardFigures(EMPTY_SCORE_CARD_SUMS), declined: 1 },
      },
    ]);
  });

  it('searches by name and keeps the rank among all', async () => {
    const res = await get(ownerA, '/v2/score-card/all/list?search=alpha');
    expect(res.json().data.map((row: { rank: number; provider: { name: string } }) => [row.rank, row.provider.name])).toEqual([
      [2, 'Alpha Maintenance'],
    ]);
  });

  it('shows the super admin every provider platform-wide, each over all its owners', async () => {
    const res = await get(superAdmin, '/v2/score-card/all/list?pageSize=100');
    const rows = res.json().data as { provider: { _id: string }; figures: ScoreCardFigures }[];
    expect(rows.map((row) => row.provider._id).sort()).toEqual([p1, p2, p3, p4].sort());
    const alpha = rows.find((row) => row.provider._id === p1)!;
    // x1 4 (1), x2 2 (1/2), z1 5 (1): (4 + 1 + 5) / 2.5 = 4.
    expect(alpha.figures.jobsCompleted).toBe(3);
    expect(alpha.figures.averageRating).toBe(4);
  });

  it('is refused without viewScoreCard (403) and without a session (401)', async () => {
    expect((await get(p1User, '/v2/score-card/all/list')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v2/score-card/all/list' })).statusCode).toBe(401);
  });
});

describe('GET /v2/score-card/{id}', () => {
  it("answers one provider's card and its rank", async () => {
    const res = await get(ownerA, `/v2/score-card/${p1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      provider: { _id: p1, name: 'Alpha Maintenance', kind: 'mro' },
      rank: 2,
      ranked: 3,
      figures: P1_FOR_A,
      owners: [],
    });
  });

  it('answers 404 for a provider the owner never worked with, another tenant, or a non-provider id', async () => {
    for (const id of [p4, ownerB.organisationId, ownerA.organisationId, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(ownerA, `/v2/score-card/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect((await get(ownerA, `/v2/score-card/${id}/work-orders?metric=completed`)).statusCode).toBe(404);
    }
    expect((await get(ownerB, `/v2/score-card/${p2}`)).statusCode).toBe(404);
  });

  it('answers 400 with the catalogue message for a bad id or metric', async () => {
    const bad = await get(ownerA, '/v2/score-card/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(formatMessage('VALIDATION.NOT_VALID', { field: 'Provider' }));
    const metric = await get(ownerA, `/v2/score-card/${p1}/work-orders?metric=speed`);
    expect(metric.statusCode).toBe(400);
    expect(metric.json().errors[0].message).toBe(formatMessage('VALIDATION.NOT_VALID', { field: 'Metric' }));
  });

  it('splits the card by owner for the super admin', async () => {
    const res = await get(superAdmin, `/v2/score-card/${p1}`);
    const data = res.json().data;
    expect(data.owners.map((row: { owner: { _id: string } }) => row.owner._id).sort()).toEqual(
      [ownerA.organisationId, ownerB.organisationId].sort(),
    );
    expect(data.owners.find((row: { owner: { _id: string } }) => row.owner._id === ownerA.organisationId).figures).toEqual(P1_FOR_A);
  });
});

describe('GET /v2/score-card/{id}/work-orders', () => {
  const codesOf = async (user: TestUser, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { code: string }[]).map((row) => row.code);
  };

  it('lists the work orders behind each figure', async () => {
    const base = `/v2/score-card/${p1}/work-orders?metric=`;
    expect(await codesOf(ownerA, `${base}completed`)).toEqual(['WO-000001', 'WO-000002']);
    expect(await codesOf(ownerA, `${base}responseOnTime`)).toEqual(['WO-000001']);
    expect((await codesOf(ownerA, `${base}responseLate`)).sort()).toEqual(['WO-000002', 'WO-000003']);
    expect(await codesOf(ownerA, `${base}resolutionOnTime`)).toEqual(['WO-000001', 'WO-000002']);
    expect(await codesOf(ownerA, `${base}resolutionLate`)).toEqual([]);
    expect(await codesOf(ownerA, `${base}rated`)).toEqual(['WO-000001', 'WO-000002']);
    expect(await codesOf(ownerA, `${base}unsatisfactory`)).toEqual(['WO-000002']);
    expect(await codesOf(ownerA, `${base}recalls`)).toEqual(['WO-000001']);
    expect(await codesOf(ownerA, `${base}declined`)).toEqual(['SR-000009', 'WO-000004']);
  });

  it('answers the hours, rating and owner of each row, and pages', async () => {
    const res = await get(ownerA, `/v2/score-card/${p1}/work-orders?metric=completed&pageSize=1&page=2`);
    const body = res.json();
    expect(body.meta).toEqual({ page: 2, pageSize: 1, total: 2, pageCount: 2 });
    expect(body.data[0]).toMatchObject({
      type: 'work_order',
      code: 'WO-000002',
      status: 'closed',
      owner: { _id: ownerA.organisationId },
      responseTargetHours: 4,
      resolutionTargetHours: 24,
      responseHours: 6,
      resolutionHours: 24,
      rating: 2,
      unsatisfactory: 1,
      recalls: 0,
    });
  });
});

describe('GET /v2/score-card/mine', () => {
  it("shows a provider its own card across its owners, per owner, and never another's", async () => {
    const res = await get(p1User, '/v2/score-card/mine');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.provider).toEqual({ _id: p1, name: 'Alpha Maintenance', kind: 'mro' });
    expect(data.figures.jobsCompleted).toBe(3);
    expect(data.figures.averageRating).toBe(4);
    const forA = data.owners.find((row: { owner: { _id: string } }) => row.owner._id === ownerA.organisationId);
    expect(forA.figures).toEqual(P1_FOR_A);
    expect(data.owners).toHaveLength(2);
    expect((await get(p1User, `/v2/score-card/${p2}`)).statusCode).toBe(403);
  });

  it('drills into its own figures, for all owners or one', async () => {
    const all = await get(p1User, '/v2/score-card/mine/work-orders?metric=rated');
    expect(all.json().meta.total).toBe(3);
    const one = await get(p1User, `/v2/score-card/mine/work-orders?metric=rated&owner=${ownerB.organisationId}`);
    expect(one.json().data.map((row: { owner: { _id: string }; rating: number }) => [row.owner._id, row.rating])).toEqual([
      [ownerB.organisationId, 5],
    ]);
  });

  it('answers a provider with no work an empty card, and refuses an owner (403)', async () => {
    const res = await get(p3User, '/v2/score-card/mine');
    expect(res.json().data.figures).toEqual({ ...scoreCardFigures(EMPTY_SCORE_CARD_SUMS), declined: 1 });
    expect((await get(ownerA, '/v2/score-card/mine')).statusCode).toBe(403);
    expect((await get(ownerA, '/v2/score-card/mine/work-orders?metric=completed')).statusCode).toBe(403);
  });
});

describe('the kept score card sums (score_card_sums)', () => {
  it('follow every change of an order as a recount from the rows would', async () => {
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    const asset = await createAsset(t, owner, { categoryId: await createCategory(t.db), name: 'Pump C' });
    const now = Date.now();
    const insert = (status: WoStatus, providerId: string, extra: Partial<typeof workOrders.$inferInsert> = {}) =>
      t.db
        .insert(workOrders)
        .values({
          code: `WO-${String(++codes).padStart(6, '0')}`,
          organisationId: owner.organisationId,
          providerId,
          receiverType: 'MRO',
          assetId: asset,
          title: `Job ${codes}`,
          description: 'A job',
          subjectLabel: 'Pump',
          priority: 'medium',
          status,
          responseHours: 4,
          resolutionHours: 24,
          sentAt: new Date(now - 40 * HOUR),
          ...extra,
        })
        .returning({ id: workOrders.id })
        .then((rows) => rows[0]!.id);
    const moved = await insert('sent', p1);
    const rated = await insert('accepted', p1, { acceptedAt: new Date(now - 39 * HOUR) });
    const gone = await insert('closed', p2, { acceptedAt: new Date(now - 30 * HOUR), completedAt: new Date(now - 2 * HOUR), rating: 3 });
    const draft = await insert('draft', p1, { sentAt: null });
    // A fault within the recall days of a closed order is its recall; the fault deleted takes it away again.
    const recalled = await insert('closed', p1, {
      acceptedAt: new Date(now - 30 * HOUR),
      completedAt: new Date(now - 3 * HOUR),
      closedAt: new Date(now - 2 * HOUR),
    });
    const faultId = await createFault(t, owner, { asset, description: 'Pump leaks again' });
    const recallCount = async () =>
      (await t.db.select({ n: workOrders.recallCount }).from(workOrders).where(eq(workOrders.id, recalled)))[0]!.n;
    expect(await recallCount()).toBe(1);
    const keptRecalls = await t.db.execute(
      sql`select recalls from score_card_sums where provider_id = ${p1} and organisation_id = ${owner.organisationId}`,
    );
    expect((keptRecalls as unknown as { rows: unknown[] }).rows[0]).toEqual({ recalls: 1 });
    await t.db.delete(faults).where(eq(faults.id, faultId));
    expect(await recallCount()).toBe(0);
    // Accepted, then completed and rated, each its own transaction; one reassigned before its answer;
    // one deleted; a draft sent; and changes a card does not read.
    await t.db
      .update(workOrders)
      .set({ status: 'accepted', acceptedAt: new Date(now - 35 * HOUR) })
      .where(eq(workOrders.id, rated));
    await t.db.transaction(async (tx) => {
      await tx
        .update(workOrders)
        .set({ status: 'completed', completedAt: new Date(now - HOUR), pausedMs: 3 * HOUR })
        .where(eq(workOrders.id, rated));
      await tx
        .update(workOrders)
        .set({ rating: 5, ratedAt: new Date(now), unsatisfactoryCount: 1 })
        .where(eq(workOrders.id, rated));
    });
    await t.db.update(workOrders).set({ providerId: p2 }).where(eq(workOrders.id, moved));
    await t.db.delete(workOrders).where(eq(workOrders.id, gone));
    await t.db
      .update(workOrders)
      .set({ status: 'sent', sentAt: new Date(now - HOUR) })
      .where(eq(workOrders.id, draft));
    await t.db.update(workOrders).set({ title: 'Renamed' }).where(eq(workOrders.id, draft));

    const read = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: Record<string, number | string>[] }).rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key.endsWith('_id') ? value : Number(value)])),
      );
    const kept = await read(sql`select * from score_card_sums where organisation_id = ${owner.organisationId} order by provider_id`);
    const recount = await read(sql`
      select (v).* from (select score_card_row(w) as v from work_orders w
        where w.organisation_id = ${owner.organisationId} and w.sent_at is not null offset 0) x`);
    const expected = new Map<string, Record<string, number | string>>();
    for (const row of recount) {
      const sum = expected.get(String(row.provider_id)) ?? { organisation_id: row.organisation_id!, provider_id: row.provider_id! };
      for (const [key, value] of Object.entries(row)) if (!key.endsWith('_id')) sum[key] = Number(sum[key] ?? 0) + Number(value);
      expected.set(String(row.provider_id), sum);
    }
    // p1 holds the rated order and the draft sent; p2 the moved one, and keeps its row after its completed order was deleted.
    expect(kept.map((row) => row.provider_id)).toEqual([p1, p2].sort());
    for (const row of kept) {
      const want = expected.get(String(row.provider_id));
      for (const [key, value] of Object.entries(row)) {
        if (key.endsWith('_id')) continue;
        const target = Number(want?.[key] ?? 0);
        // Weights: equal but for the rounding of adding and taking away (relative 1e-9).
        expect(Math.abs(Number(value) - target)).toBeLessThanOrEqual(Math.abs(target) * 1e-9 + 1e-6);
      }
    }
    const p1Row = kept.find((row) => row.provider_id === p1)!;
    expect([p1Row.jobs_completed, p1Row.rating_count, p1Row.unsatisfactory, p1Row.responded_count, p1Row.recalls]).toEqual([2, 1, 1, 2, 0]);
    expect(kept.find((row) => row.provider_id === p2)).toMatchObject({ jobs_completed: 0, rating_count: 0, rating_weight: 0 });
  });
});
