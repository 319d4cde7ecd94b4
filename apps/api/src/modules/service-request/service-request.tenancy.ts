import { expect } from 'vitest';
import { defineTenancyFixture } from '../../security/tenancy-fixture.js';

/**
 * A service request for the route-wide tenancy test: sent to the MRO on the asset it holds,
 * accepted and assigned to its technician, with the technician's observation priced from the pricebook.
 */
export const tenancyFixture = defineTenancyFixture({
  kinds: ['service_request', 'observation'],
  async seed(t, { name, owner, mro, technician, made }) {
    const [, looseAsset] = made.asset!;
    const [offered] = made.pricebook!;
    const request = await t.app.inject({
      method: 'POST',
      url: '/v2/sr/create',
      headers: owner.headers,
      payload: {
        title: `${name} pump check`,
        description: 'Noisy bearing',
        priority: 'medium',
        receiverType: 'MRO',
        provider: mro.organisationId,
        asset: looseAsset,
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const srId = request.json().data._id as string;
    for (const [url, payload] of [
      [`/v2/sr/sent/accept/${srId}`, undefined],
      [`/v2/sr/assign/${srId}`, { users: [technician.id] }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: mro.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const observed = await t.app.inject({
      method: 'POST',
      url: `/v2/observation/create/${srId}`,
      headers: technician.headers,
      payload: { type: 'not_okay', summary: 'Bearing worn', timeToComplete: 2, lines: [{ pricebookItem: offered, quantity: 1 }] },
    });
    expect(observed.statusCode, observed.body).toBe(201);
    return { records: { service_request: [srId], observation: [observed.json().data.observations[0]._id as string] } };
  },
});
