import { expect } from 'vitest';
import { defineTenancyFixture } from '../../security/tenancy-fixture.js';
import { createMaterialRequest } from '../../test/factories.js';

/**
 * Material requests for the route-wide tenancy test: the technician's for the work in progress,
 * still pending, and one the MRO decided line by line (the filter issued, the belt refused).
 */
export const tenancyFixture = defineTenancyFixture({
  kinds: ['material_request', 'material_request_line'],
  needs: ['work_order'],
  async seed(t, { mro, technician, made }) {
    const [warehouse] = made.warehouse!;
    const [item, belt] = made.inventory_item!;
    const [working] = made.work_order!;
    const pending = await createMaterialRequest(t, technician, {
      warehouse: warehouse!,
      workOrder: working!,
      lines: [{ item: item!, quantity: 1 }],
    });
    const decided = await createMaterialRequest(t, technician, {
      warehouse: warehouse!,
      note: 'For the next service',
      lines: [
        { item: item!, quantity: 1 },
        { item: belt!, quantity: 1 },
      ],
    });
    const linesOf = async (id: string) => {
      const res = await t.app.inject({ url: `/v2/material-request/${id}`, headers: mro.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.lines as { _id: string }[]).map((line) => line._id);
    };
    const pendingLines = await linesOf(pending);
    const decidedLines = await linesOf(decided);
    for (const [url, payload] of [
      [`/v2/material-request/accept/${decided}`, { lines: [decidedLines[0]] }],
      [`/v2/material-request/reject/${decided}`, { reason: 'None spare this month', lines: [decidedLines[1]] }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: mro.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { records: { material_request: [pending, decided], material_request_line: [...pendingLines, ...decidedLines] } };
  },
});
