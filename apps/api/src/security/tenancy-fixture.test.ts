import { describe, expect, it } from 'vitest';
import { inSeedingOrder, moduleTenancyFixtures, type TenancyFixture } from './tenancy-fixture.js';

const fixture = (kinds: string[], needs?: string[]): TenancyFixture => ({
  kinds,
  needs,
  seed: async () => ({ records: {} }),
});

describe('the tenancy fixtures', () => {
  it('seeds each fixture after those making the kinds it needs', () => {
    const request = fixture(['material_request'], ['work_order']);
    const order = fixture(['work_order']);
    expect(inSeedingOrder([request, order])).toEqual([order, request]);
  });

  it('refuses a need no fixture makes, naming it', () => {
    expect(() => inSeedingOrder([fixture(['invoice'], ['contract'])])).toThrow(/contract/);
  });

  it('finds every module’s fixture, the material requests after the work orders', async () => {
    const kinds = (await moduleTenancyFixtures()).map((found) => found.kinds[0]);
    expect(kinds).toEqual(expect.arrayContaining(['fault', 'service_request', 'work_order', 'purchase_order', 'material_request']));
    expect(kinds.indexOf('material_request')).toBeGreaterThan(kinds.indexOf('work_order'));
  });
});
