import { expect } from 'vitest';
import { defineTenancyFixture } from '../../security/tenancy-fixture.js';

/**
 * Work orders for the route-wide tenancy test, to the MRO on the asset it holds: one in progress
 * with the technician, one sent, and, once the owner has a `wo` approval level, one awaiting it.
 */
export const tenancyFixture = defineTenancyFixture({
  kinds: ['work_order', 'approval_level'],
  async seed(t, { name, owner, mro, technician, made }) {
    const [, looseAsset] = made.asset!;
    const [offered] = made.pricebook!;
    const raiseWorkOrder = async (title: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/wo/create',
        headers: owner.headers,
        payload: {
          title: `${name} ${title}`,
          description: 'Replace the worn bearing',
          priority: 'high',
          receiverType: 'MRO',
          provider: mro.organisationId,
          asset: looseAsset,
          lines: [{ pricebookItem: offered, quantity: 1 }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { _id: string; status: string };
    };
    const working = await raiseWorkOrder('bearing works');
    for (const [by, url, payload] of [
      [mro, `/v2/wo/sent/accept/${working._id}`, undefined],
      [mro, `/v2/wo/assign/${working._id}`, { users: [technician.id] }],
      [technician, `/v2/wo/start/${working._id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: by.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sent = await raiseWorkOrder('seal works');
    expect(sent.status).toBe('sent');
    const levels = await t.app.inject({
      method: 'POST',
      url: '/v2/approval/create/wo',
      headers: owner.headers,
      payload: { name: `${name} Head O&M`, maxAmount: '10000000', order: 1, approvers: [owner.id] },
    });
    expect(levels.statusCode, levels.body).toBe(201);
    const awaiting = await raiseWorkOrder('pump overhaul');
    expect(awaiting.status).toBe('pending_approval');
    return {
      records: { work_order: [working._id, sent._id, awaiting._id], approval_level: [levels.json().data[0]._id as string] },
    };
  },
});
