import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, faults, files, idempotentRequests } from '../db/schema/index.js';
import { sweepExpired } from '../modules/account/housekeeping.jobs.js';
import { createAsset, createCategory, createFault, createUser, multipartFile, type TestUser, TINY_PNG } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Repeats and versions (docs/api-contract.md): an offline client replays queued actions with an
 * Idempotency-Key, each based on the record's updatedAt (If-Match).
 */
let t: TestApp;
let owner: TestUser;
let otherUser: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherUser = await createUser(t.db, { organisationId: owner.organisationId, roleKey: 'asset_owner', isOrgAdmin: true });
  categoryId = await createCategory(t.db);
});

afterAll(async () => {
  await t?.close();
});

const createAssetWithKey = (user: TestUser, key: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/asset/create/',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: { name, categoryId },
  });
const assetsNamed = async (name: string) => (await t.db.select().from(assets).where(eq(assets.name, name))).length;

describe('Idempotency-Key', () => {
  it('applies a request once and answers a repeat with the first answer', async () => {
    const first = await createAssetWithKey(owner, 'key-once-0001', 'Boiler A');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createAssetWithKey(owner, 'key-once-0001', 'Boiler A');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await assetsNamed('Boiler A')).toBe(1);
    // The same key from another user is that user's own: applied for them.
    const theirs = await createAssetWithKey(otherUser, 'key-once-0001', 'Boiler A');
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await assetsNamed('Boiler A')).toBe(2);
  });

  it('applies two identical requests sent at once only once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => createAssetWithKey(owner, 'key-together-01', 'Boiler B')));
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json().message).toBe('This action is already being applied; try again shortly.');
    expect(await assetsNamed('Boiler B')).toBe(1);
  });

  it('stores a photo uploaded twice under one key once (an offline queue re-sending it)', async () => {
    const before = (await t.db.select().from(files)).length;
    const upload = async () => {
      const body = await multipartFile(TINY_PNG, 'photo.png', { type: 'image/png' });
      return t.app.inject({
        method: 'POST',
        url: '/v2/file/upload',
        headers: { ...owner.headers, ...body.headers, 'idempotency-key': 'photo-key-0001' },
        payload: body.payload,
      });
    };
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect((await t.db.select().from(files)).length).toBe(before + 1);
  });

  it('remembers only success: a refused attempt can be sent again with its key', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/create/',
      headers: { ...owner.headers, 'idempotency-key': 'key-retry-0001' },
      payload: { name: 'Boiler C', categoryId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const [stored] = await t.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'key-retry-0001'));
    expect(stored).toBeUndefined();
    const applied = await createAssetWithKey(owner, 'key-retry-0001', 'Boiler C');
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await assetsNamed('Boiler C')).toBe(1);
  });

  it('refuses a malformed key, and a key used for another request', async () => {
    const malformed = await createAssetWithKey(owner, 'short', 'Boiler D');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The Idempotency-Key header must be 8 to 128 letters, digits or the signs - _ : .');
    expect(await assetsNamed('Boiler D')).toBe(0);
    await createAssetWithKey(owner, 'key-reused-0001', 'Boiler E');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v2/fault/report',
      headers: { ...owner.headers, 'idempotency-key': 'key-reused-0001' },
      payload: {
        email: 'a@example.com',
        fullName: 'A B',
        phoneNumber: '08031234567',
        faultType: 'Repair',
        description: 'x',
        asset: categoryId,
      },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe('This Idempotency-Key was already used for another request.');
  });

  it('says a claimed key whose answer was lost was applied', async () => {
    await t.db.execute(sql`insert into idempotent_requests (scope, key, method, path, created_at)
      values (${owner.id}, 'key-lost-00001', 'POST', '/v2/asset/create/', now() - interval '5 minutes')`);
    const repeat = await createAssetWithKey(owner, 'key-lost-00001', 'Boiler F');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().message).toBe('This action was already applied.');
    expect(await assetsNamed('Boiler F')).toBe(0);
  });

  it('forgets keys after a week', async () => {
    await t.db.execute(sql`update idempotent_requests set created_at = now() - interval '8 days' where key = 'key-once-0001'`);
    const swept = await sweepExpired(t.app.deps);
    expect(swept.idempotencyKeys).toBe(2);
    expect((await t.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'key-once-0001'))).length).toBe(0);
  });
});

describe('If-Match', () => {
  it('takes a step only on the version the client saw: a changed record is 412 and stays as it is', async () => {
    const asset = await createAsset(t, owner, { categoryId, name: 'Chiller' });
    const fault = await createFault(t, owner, { asset });
    const seen = (await t.app.inject({ url: `/v2/fault/${fault}`, headers: owner.headers })).json().data;
    expect(seen.status).toBe('awaiting_owner');
    // Someone changes it meanwhile (its workflow steps and edits all move updated_at).
    await t.db.execute(sql`update faults set description = 'Noisy and leaking', updated_at = now() where id = ${fault}`);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/v2/fault/reject/${fault}`,
      headers: { ...owner.headers, 'if-match': `"${seen.updatedAt}"` },
      payload: { reason: 'Not a fault' },
    });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().message).toBe('This record was changed by someone else since you opened it.');
    const [unchanged] = await t.db.select({ status: faults.status }).from(faults).where(eq(faults.id, fault));
    expect(unchanged!.status).toBe('awaiting_owner');
    const now = (await t.app.inject({ url: `/v2/fault/${fault}`, headers: owner.headers })).json().data;
    const current = await t.app.inject({
      method: 'POST',
      url: `/v2/fault/reject/${fault}`,
      headers: { ...owner.headers, 'if-match': `"${now.updatedAt}"` },
      payload: { reason: 'Not a fault' },
    });
    expect(current.statusCode, current.body).toBe(200);
  });

  it('refuses an If-Match that names no instant', async () => {
    const asset = await createAsset(t, owner, { categoryId, name: 'Pump X' });
    const fault = await createFault(t, owner, { asset });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v2/fault/reject/${fault}`,
      headers: { ...owner.headers, 'if-match': '"yesterday"' },
      payload: { reason: 'Not a fault' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('If-Match is not valid');
  });
});
