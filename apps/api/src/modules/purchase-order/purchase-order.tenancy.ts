import { expect } from 'vitest';
import { defineTenancyFixture } from '../../security/tenancy-fixture.js';
import { createPricebookItem, createPurchaseOrder } from '../../test/factories.js';

/**
 * Purchase orders of the MRO to the tenant's supplier for the route-wide tenancy test: a draft,
 * one sent, one accepted, partly delivered and partly received, and, once the MRO has a `po`
 * approval level, one awaiting it. A delivery and its receipt are tried on the order being received.
 */
export const tenancyFixture = defineTenancyFixture({
  kinds: ['purchase_order', 'purchase_order_line', 'approval_level'],
  async seed(t, { name, mro, supplier, made }) {
    const [warehouse] = made.warehouse!;
    const sealKit = await createPricebookItem(t, supplier, { name: `${name} seal kit`, kind: 'spare_part' });
    const purchase = (title: string, submit = true) =>
      createPurchaseOrder(t, mro, {
        supplier: supplier.organisationId,
        warehouse: warehouse!,
        title: `${name} ${title}`,
        submit,
        lines: [
          { pricebookItem: sealKit, quantity: 4 },
          { name: `${name} gasket`, price: '800.00', quantity: 2 },
        ],
      });
    const orderOf = async (id: string) => {
      const res = await t.app.inject({ url: `/v2/purchase-order/${id}`, headers: mro.headers });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data as { status: string; lines: { _id: string }[] };
      return { status: order.status, lines: order.lines.map((line) => line._id) };
    };
    const draftOrder = await purchase('seal kits', false);
    const sentOrder = await purchase('spare seals');
    const receivingOrder = await purchase('pump seals');
    const receivingLines = (await orderOf(receivingOrder)).lines;
    for (const [by, url, payload] of [
      [supplier, `/v2/purchase-order/sent/accept/${receivingOrder}`, undefined],
      [
        supplier,
        `/v2/purchase-order/dispatch/${receivingOrder}`,
        {
          note: 'First delivery',
          lines: [
            { line: receivingLines[0], quantity: 3 },
            { line: receivingLines[1], quantity: 2 },
          ],
        },
      ],
      [mro, `/v2/purchase-order/confirmation/supply/${receivingOrder}`, { lines: [{ line: receivingLines[0], quantity: 1 }] }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: by.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const levels = await t.app.inject({
      method: 'POST',
      url: '/v2/approval/create/po',
      headers: mro.headers,
      payload: { name: `${name} Head of Stores`, maxAmount: '10000000', order: 1, approvers: [mro.id] },
    });
    expect(levels.statusCode, levels.body).toBe(201);
    const awaitingOrder = await purchase('bearings');
    const orders = await Promise.all([draftOrder, sentOrder, receivingOrder, awaitingOrder].map(orderOf));
    expect(orders.map((order) => order.status)).toEqual(['draft', 'sent', 'partly_received', 'pending_approval']);
    const receiving = { purchase_order: receivingOrder, purchase_order_line: receivingLines[0]! };
    return {
      records: {
        purchase_order: [draftOrder, sentOrder, receivingOrder, awaitingOrder],
        purchase_order_line: orders.flatMap((order) => order.lines),
        approval_level: [levels.json().data[0]._id as string],
      },
      forRoutes: {
        'POST /v2/purchase-order/dispatch/:id': receiving,
        'POST /v2/purchase-order/confirmation/supply/:id': receiving,
      },
    };
  },
});
