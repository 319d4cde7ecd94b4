import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrganisation } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { rollupDrift } from './rollups.js';

// The rebuild of the kept figures (rollups.ts) finds a drift, of a counter and of a backfilled
// rollup, and nothing once it is put back: the module tests' afterEach would not catch one otherwise.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the rebuild of the kept figures', () => {
  it('agrees on rows written through the triggers, and names a counter or a rollup that drifted', async () => {
    const owner = await createOrganisation(t.db, { kind: 'asset_owner' });
    const category = await createCategory(t.db);
    await t.db.execute(sql`insert into assets (organisation_id, asset_code, name, category_id)
      values (${owner.id}, 'R-1', 'Pump', ${category}), (${owner.id}, 'R-2', 'Fan', ${category})`);
    expect(await rollupDrift(t.db)).toEqual([]);

    await t.db.execute(sql`update organisation_asset_counts set total = total + 1 where organisation_id = ${owner.id}`);
    const counted = await rollupDrift(t.db);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatch(/^organisation_asset_counts /);
    expect(await rollupDrift(t.db, ['organisation_asset_counts'])).toEqual([]);
    await t.db.execute(sql`update organisation_asset_counts set total = total - 1 where organisation_id = ${owner.id}`);

    await t.db.execute(sql`insert into asset_report_stats (asset_id, faults, repairs, downtime_seconds)
      select id, 1, 0, 0 from assets where organisation_id = ${owner.id} and asset_code = 'R-1'`);
    const rolled = await rollupDrift(t.db);
    expect(rolled).toHaveLength(1);
    expect(rolled[0]).toMatch(/^asset_report_stats .*none from the rows$/);
  });
});
