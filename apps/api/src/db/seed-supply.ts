import type { MrLineStatus, MrStatus } from '@amp/contracts/material-request';
import { koboToNaira, nairaToKobo } from '@amp/contracts/money';
import type { PoStatus } from '@amp/contracts/purchase-order';
import type { StockMovementKind, StockSourceType } from '@amp/contracts/warehouse';
import { and, eq, sql } from 'drizzle-orm';
import type { RecordedEffects } from '../lib/effects.js';
import type { Db } from './client.js';
import {
  approvalLevelMembers,
  approvalLevels,
  approvalSteps,
  codeCounters,
  inventoryItems,
  materialRequestLines,
  materialRequests,
  pricebookItems,
  purchaseOrderLines,
  purchaseOrderSupplies,
  purchaseOrderSupplyLines,
  purchaseOrders,
  stockMovements,
  warehouseManagers,
  warehouses,
  workOrders,
} from './schema/index.js';

export interface DemoSupplyIds {
  owner: string;
  ownerUser: string;
  mro: string;
  mroUser: string;
  /** The MRO's store manager (store@amp.test). */
  store: string;
  tech1: string;
  tech2: string;
  supplier: string;
  supplierUser: string;
}

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

/** [name, unit, naira, reorder level, brand, model] */
type DemoStock = [string, string, number, number | null, string?, string?];

/**
 * Warehouses, stock and its history, material requests and purchase orders, so each demo account
 * opens the supply screens on a real story: the MRO's Ikeja store (kept by its store manager, with
 * an item already low and a request from tech1 waiting), purchase orders in every place of their
 * workflow (closed after two deliveries, accepted and half received, sent, awaiting the MRO's
 * approval, a draft), and the supplier's own warehouse and incoming orders. Every quantity is the
 * sum of its movements, as the ledger keeps it.
 */
export async function seedDemoSupply(tx: Db, fx: RecordedEffects, ids: DemoSupplyIds) {
  // --- Warehouses ------------------------------------------------------------------------------
  const warehouse = async (organisationId: string, name: string, state: string, lga: string, address: string, managers: string[]) => {
    const [row] = await tx
      .insert(warehouses)
      .values({ organisationId, name, state, lga, address, createdBy: managers[0] ?? null, createdAt: hoursAgo(24 * 60) })
      .returning({ id: warehouses.id });
    if (managers.length > 0) await tx.insert(warehouseManagers).values(managers.map((userId) => ({ warehouseId: row!.id, userId })));
    fx.activity({
      organisationId,
      userId: managers[0] ?? null,
      action: 'warehouse.created',
      params: { name },
      subject: { type: 'warehouse', id: row!.id },
      at: hoursAgo(24 * 60),
    });
    return { id: row!.id, organisationId, name };
  };
  const ikeja = await warehouse(ids.mro, 'Ikeja Central Store', 'lagos', 'Ikeja', '14 Oba Akran Avenue, Ikeja', [ids.store]);
  const lekki = await warehouse(ids.mro, 'Lekki Field Store', 'lagos', 'Eti Osa', 'Plot 3, Admiralty Way, Lekki Phase 1', [
    ids.store,
    ids.mroUser,
  ]);
  const viSpares = await warehouse(
    ids.owner,
    'Victoria Island Spares Room',
    'lagos',
    'Eti Osa',
    '22 Adeola Odeku Street, Victoria Island',
    [ids.ownerUser],
  );
  const warri = await warehouse(ids.supplier, 'Warri Main Warehouse', 'delta', 'Warri South', '7 Refinery Road, Ekpan, Warri', [
    ids.supplierUser,
  ]);

  // --- Items and their opening stock -------------------------------------------------------------
  const items = new Map<string, { id: string; warehouseId: string; organisationId: string; priceKobo: number; quantity: number }>();
  const key = (w: { id: string }, name: string) => `${w.id}:${name}`;
  const stock = async (w: { id: string; organisationId: string }, rows: DemoStock[]) => {
    for (const [name, unit, naira, reorderLevel, brand, model] of rows) {
      const priceKobo = nairaToKobo(naira)!;
      const [row] = await tx
        .insert(inventoryItems)
        .values({
          warehouseId: w.id,
          organisationId: w.organisationId,
          name,
          unit,
          priceKobo,
          reorderLevel,
          brand: brand ?? null,
          model: model ?? null,
          createdAt: hoursAgo(24 * 59),
        })
        .returning({ id: inventoryItems.id });
      items.set(key(w, name), { id: row!.id, warehouseId: w.id, organisationId: w.organisationId, priceKobo, quantity: 0 });
    }
  };
  await stock(ikeja, [
    ['Oil filter', 'piece', 17_500, 5, 'Perkins', '2654407'],
    ['Air filter element', 'piece', 32_000, 4, 'Donaldson', 'P181052'],
    ['VRLA battery, 12 V 200 Ah', 'piece', 380_000, 2, 'Narada', '12NDF200'],
    ['Engine oil, 15W-40', 'litre', 6_800, 40, 'Total', 'Rubia TIR 7400'],
    ['Coolant, 50/50 premix', 'litre', 4_250, 20],
    ['Fuse, 32 A', 'piece', 1_200, 10],
    ['Rectifier module, 48 V 50 A', 'piece', 265_000, 1, 'Eltek', 'Flatpack2'],
    ['Fuel injection pump', 'piece', 412_500, null, 'Perkins', '2644H041'],
    ['Cable ties, 300 mm', 'pack', 2_500, 5],
    ['Solar panel, 550 W', 'piece', 165_000, null, 'Jinko', 'Tiger Neo'],
  ]);
  await stock(lekki, [
    ['Oil filter', 'piece', 17_500, 2, 'Perkins', '2654407'],
    ['Engine oil, 15W-40', 'litre', 6_800, 20, 'Total', 'Rubia TIR 7400'],
    ['VRLA battery, 12 V 200 Ah', 'piece', 380_000, 1, 'Narada', '12NDF200'],
  ]);
  await stock(viSpares, [
    ['Diesel, generator day tank', 'litre', 1_150, 200],
    ['LED tube, 18 W', 'piece', 3_500, 10, 'Philips'],
  ]);
  await stock(warri, [
    ['Diesel generator oil filter', 'piece', 17_500, 50, 'Perkins', '2654407'],
    ['Deep-cycle battery, 12 V 200 Ah', 'piece', 380_000, 10, 'Narada', '12NDF200'],
    ['Solar panel, 550 W', 'piece', 165_000, 10, 'Jinko', 'Tiger Neo'],
    ['Diesel, delivered', 'litre', 1_150, 5_000],
  ]);

  // --- The ledger: every movement in time order ------------------------------------------------------
  const move = async (
    w: { id: string },
    name: string,
    delta: number,
    kind: StockMovementKind,
    at: number,
    by: string | null,
    reason: string | null,
    source?: { type: StockSourceType; id: string },
  ) => {
    const item = items.get(key(w, name))!;
    item.quantity += delta;
    const [row] = await tx
      .insert(stockMovements)
      .values({
        itemId: item.id,
        warehouseId: item.warehouseId,
        organisationId: item.organisationId,
        kind,
        delta,
        balanceAfter: item.quantity,
        reason,
        sourceType: source?.type ?? null,
        sourceId: source?.id ?? null,
        userId: by,
        createdAt: hoursAgo(at),
      })
      .returning({ id: stockMovements.id });
    return row!.id;
  };
  const opening = 'Opening stock';
  for (const [name, quantity] of [
    ['Oil filter', 20],
    ['Air filter element', 6],
    ['VRLA battery, 12 V 200 Ah', 4],
    ['Engine oil, 15W-40', 200],
    ['Coolant, 50/50 premix', 60],
    ['Fuse, 32 A', 50],
    ['Rectifier module, 48 V 50 A', 3],
    ['Fuel injection pump', 1],
    ['Cable ties, 300 mm', 3],
  ] as const) {
    await move(ikeja, name, quantity, 'opening', 24 * 58, ids.store, opening);
  }
  for (const [name, quantity] of [
    ['Oil filter', 4],
    ['Engine oil, 15W-40', 40],
  ] as const) {
    await move(lekki, name, quantity, 'opening', 24 * 58, ids.store, opening);
  }
  await move(viSpares, 'Diesel, generator day tank', 600, 'opening', 24 * 50, ids.ownerUser, opening);
  await move(viSpares, 'LED tube, 18 W', 24, 'opening', 24 * 50, ids.ownerUser, opening);
  for (const [name, quantity] of [
    ['Diesel generator oil filter', 400],
    ['Deep-cycle battery, 12 V 200 Ah', 60],
    ['Solar panel, 550 W', 40],
    ['Diesel, delivered', 30_000],
  ] as const) {
    await move(warri, name, quantity, 'opening', 24 * 58, ids.supplierUser, opening);
  }
  await move(ikeja, 'Engine oil, 15W-40', -60, 'stock_out', 24 * 40, ids.store, 'Top-up for the Ikeja generator fleet');
  await move(ikeja, 'Coolant, 50/50 premix', -3, 'count', 24 * 30, ids.store, 'Monthly count: a leaking container written off');
  const transfer = { type: 'transfer' as const, id: '7d3c1a52-0b7e-4c1e-9a51-5b1d2f6c3a10' };
  await move(ikeja, 'VRLA battery, 12 V 200 Ah', -2, 'transfer_out', 24 * 20, ids.store, 'Spares for the Lekki sites', transfer);
  await move(lekki, 'VRLA battery, 12 V 200 Ah', 2, 'transfer_in', 24 * 20, ids.store, 'Spares for the Lekki sites', transfer);

  // --- Purchase orders ---------------------------------------------------------------------------------
  const [mroLevel] = await tx
    .insert(approvalLevels)
    .values({ organisationId: ids.mro, documentType: 'po', name: 'Operations Manager', position: 1, maxKobo: nairaToKobo(5_000_000)! })
    .returning({ id: approvalLevels.id });
  await tx.insert(approvalLevelMembers).values({ levelId: mroLevel!.id, userId: ids.mroUser });
  const supplierBook = new Map(
    (
      await tx
        .select({ id: pricebookItems.id, name: pricebookItems.name, priceKobo: pricebookItems.priceKobo, unit: pricebookItems.unit })
        .from(pricebookItems)
        .where(eq(pricebookItems.organisationId, ids.supplier))
    ).map((row) => [row.name, row]),
  );

  interface DemoPo {
    title: string;
    status: PoStatus;
    createdHours: number;
    /** [pricebook item name or free name, quantity, dispatched, received, free price in naira, brand, model] */
    lines: [string, number, number, number, number?, string?, string?][];
    approvedHours?: number;
    acceptedHours?: number;
    deliveries?: { hours: number; note: string; lines: number[] }[];
    receipts?: { hours: number; lines: number[] }[];
  }
  const demoPos: DemoPo[] = [
    {
      title: 'Batteries for the Ikeja tower sites',
      status: 'closed',
      createdHours: 24 * 15,
      lines: [['Deep-cycle battery, 12 V 200 Ah', 4, 4, 4, undefined, 'Narada', '12NDF200']],
      approvedHours: 24 * 14.8,
      acceptedHours: 24 * 14,
      deliveries: [
        { hours: 24 * 12, note: 'Waybill DS-4471: first two batteries', lines: [2] },
        { hours: 24 * 10, note: 'Waybill DS-4490: the remaining two', lines: [2] },
      ],
      receipts: [
        { hours: 24 * 11.9, lines: [2] },
        { hours: 24 * 9.9, lines: [2] },
      ],
    },
    {
      title: 'Solar panels for the Lekki hybrid retrofit',
      status: 'partly_received',
      createdHours: 24 * 6,
      lines: [['Solar panel, 550 W', 8, 4, 4, undefined, 'Jinko', 'Tiger Neo']],
      approvedHours: 24 * 5.8,
      acceptedHours: 24 * 5,
      deliveries: [{ hours: 24 * 3, note: 'Waybill DS-4533: four panels, four to follow', lines: [4] }],
      receipts: [{ hours: 24 * 2.9, lines: [4] }],
    },
    {
      title: 'Oil filters and diesel for the quarterly service round',
      status: 'sent',
      createdHours: 30,
      lines: [
        ['Diesel generator oil filter', 20, 0, 0],
        ['Diesel, delivered', 400, 0, 0],
      ],
      approvedHours: 26,
    },
    {
      title: 'Air filters to restock Ikeja',
      status: 'pending_approval',
      createdHours: 5,
      lines: [['Air filter element', 10, 0, 0, 31_000, 'Donaldson', 'P181052']],
    },
    { title: 'Cable ties and fuses', status: 'draft', createdHours: 2, lines: [['Cable ties, 300 mm, pack of 100', 20, 0, 0, 2_400]] },
  ];
  const mroName = 'Prime Maintenance Services';
  const supplierName = 'Delta Spares & Supplies';
  for (const [index, po] of demoPos.entries()) {
    const code = `PO-${String(index + 1).padStart(6, '0')}`;
    const lines = po.lines.map(([name, quantity, dispatched, received, freeNaira, brand, model], position) => {
      const book = freeNaira === undefined ? supplierBook.get(name) : undefined;
      return {
        position: position + 1,
        pricebookItemId: book?.id ?? null,
        free: !book,
        name,
        kind: 'product' as const,
        unit: book?.unit ?? 'piece',
        brand: brand ?? null,
        model: model ?? null,
        quantity,
        unitPriceKobo: book?.priceKobo ?? nairaToKobo(freeNaira ?? 0)!,
        dispatched,
        received,
      };
    });
    const totalKobo = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceKobo, 0);
    const submitted = po.status !== 'draft';
    const sent = po.approvedHours !== undefined;
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        organisationId: ids.mro,
        supplierId: ids.supplier,
        warehouseId: po.title.includes('Lekki') ? lekki.id : ikeja.id,
        code,
        title: po.title,
        status: po.status,
        totalKobo,
        approvalRound: submitted ? 1 : 0,
        createdBy: ids.store,
        submittedAt: submitted ? hoursAgo(po.createdHours - 0.2) : null,
        sentAt: sent ? hoursAgo(po.approvedHours!) : null,
        acceptedAt: po.acceptedHours !== undefined ? hoursAgo(po.acceptedHours) : null,
        closedAt: po.status === 'closed' ? hoursAgo(po.receipts!.at(-1)!.hours) : null,
        createdAt: hoursAgo(po.createdHours),
        updatedAt: hoursAgo(Math.min(po.createdHours, po.receipts?.at(-1)?.hours ?? po.createdHours)),
      })
      .returning({ id: purchaseOrders.id, warehouseId: purchaseOrders.warehouseId });
    const orderId = order!.id;
    const lineRows = await tx
      .insert(purchaseOrderLines)
      .values(lines.map((line) => ({ ...line, orderId })))
      .returning({ id: purchaseOrderLines.id });
    const subject = { type: 'purchase_order', id: orderId };
    const params = { code, title: po.title, supplier: supplierName, buyer: mroName, total: koboToNaira(totalKobo) };
    fx.activity({
      organisationId: ids.mro,
      userId: ids.store,
      action: 'purchase_order.created',
      params,
      subject,
      at: hoursAgo(po.createdHours),
    });
    if (submitted) {
      await tx.insert(approvalSteps).values({
        documentType: 'po',
        documentId: orderId,
        organisationId: ids.mro,
        round: 1,
        position: 1,
        levelId: mroLevel!.id,
        name: 'Operations Manager',
        maxKobo: nairaToKobo(5_000_000)!,
        approverIds: [ids.mroUser],
        status: sent ? 'approved' : 'pending',
        askedAt: hoursAgo(po.createdHours - 0.2),
        decidedBy: sent ? ids.mroUser : null,
        decidedAt: sent ? hoursAgo(po.approvedHours!) : null,
      });
      fx.activity({
        organisationId: ids.mro,
        userId: ids.store,
        action: 'purchase_order.submitted',
        params,
        subject,
        at: hoursAgo(po.createdHours - 0.2),
      });
      if (!sent) {
        fx.notify({
          event: 'purchase_order.approval_requested',
          to: { users: [ids.mroUser] },
          params: { ...params, level: 'Operations Manager' },
          path: `/purchase-order/${orderId}`,
        });
      }
    }
    if (sent) {
      fx.activity({
        organisationId: ids.mro,
        userId: ids.mroUser,
        action: 'purchase_order.step_approved',
        params: { code, level: 'Operations Manager' },
        subject,
        at: hoursAgo(po.approvedHours!),
      });
      fx.activity({
        organisationId: ids.mro,
        userId: ids.mroUser,
        action: 'purchase_order.sent',
        params,
        subject,
        at: hoursAgo(po.approvedHours!),
      });
      if (po.acceptedHours === undefined) {
        fx.notify({
          event: 'purchase_order.sent',
          to: { organisation: ids.supplier, permission: ['viewIncomingPO'] },
          params,
          path: `/purchase-order/${orderId}`,
        });
      }
    }
    if (po.acceptedHours !== undefined) {
      fx.activity({
        organisationId: ids.supplier,
        userId: ids.supplierUser,
        action: 'purchase_order.accepted',
        params,
        subject,
        at: hoursAgo(po.acceptedHours),
      });
    }
    for (const delivery of po.deliveries ?? []) {
      const [row] = await tx
        .insert(purchaseOrderSupplies)
        .values({ orderId, kind: 'delivery', note: delivery.note, userId: ids.supplierUser, createdAt: hoursAgo(delivery.hours) })
        .returning({ id: purchaseOrderSupplies.id });
      await tx
        .insert(purchaseOrderSupplyLines)
        .values(delivery.lines.map((quantity, i) => ({ supplyId: row!.id, lineId: lineRows[i]!.id, quantity })));
      const count = delivery.lines.reduce((a, b) => a + b, 0);
      fx.activity({
        organisationId: ids.supplier,
        userId: ids.supplierUser,
        action: 'purchase_order.dispatched',
        params: { ...params, count },
        subject,
        at: hoursAgo(delivery.hours),
      });
    }
    for (const receipt of po.receipts ?? []) {
      const target = order!.warehouseId === lekki.id ? lekki : ikeja;
      const [row] = await tx
        .insert(purchaseOrderSupplies)
        .values({ orderId, kind: 'receipt', warehouseId: target.id, userId: ids.store, createdAt: hoursAgo(receipt.hours) })
        .returning({ id: purchaseOrderSupplies.id });
      for (const [i, quantity] of receipt.lines.entries()) {
        const line = lines[i]!;
        const itemName = line.name === 'Deep-cycle battery, 12 V 200 Ah' ? 'VRLA battery, 12 V 200 Ah' : line.name;
        if (!items.has(key(target, itemName)))
          await stock(target, [[itemName, line.unit, line.unitPriceKobo / 100, null, line.brand ?? undefined, line.model ?? undefined]]);
        const movementId = await move(target, itemName, quantity, 'receipt', receipt.hours, ids.store, `Received on ${code}`, {
          type: 'purchase_order',
          id: orderId,
        });
        await tx.insert(purchaseOrderSupplyLines).values({ supplyId: row!.id, lineId: lineRows[i]!.id, quantity, movementId });
      }
      const count = receipt.lines.reduce((a, b) => a + b, 0);
      fx.activity({
        organisationId: ids.mro,
        userId: ids.store,
        action: 'purchase_order.received',
        params: { ...params, count, warehouse: target.name },
        subject,
        at: hoursAgo(receipt.hours),
      });
    }
    if (po.status === 'closed') {
      fx.activity({
        organisationId: ids.mro,
        userId: ids.store,
        action: 'purchase_order.closed',
        params,
        subject,
        at: hoursAgo(po.receipts!.at(-1)!.hours),
      });
    }
  }
  await tx.insert(codeCounters).values({ organisationId: ids.mro, kind: 'purchase_order', lastValue: demoPos.length });

  // --- Material requests: tech1's for the work order assigned to them ---------------------------------------
  const [tech1Order] = await tx
    .select({ id: workOrders.id, code: workOrders.code })
    .from(workOrders)
    .where(and(eq(workOrders.providerId, ids.mro), eq(workOrders.status, 'in_progress')))
    .limit(1);
  interface DemoMr {
    by: string;
    hours: number;
    note: string;
    forOrder: boolean;
    lines: [string, number, MrLineStatus, string?][];
    decidedHours?: number;
  }
  const demoMrs: DemoMr[] = [
    {
      by: ids.tech1,
      hours: 50,
      note: 'Service kit for the generator',
      forOrder: true,
      lines: [
        ['Oil filter', 4, 'accepted'],
        ['Air filter element', 2, 'accepted'],
      ],
      decidedHours: 48,
    },
    {
      by: ids.tech2,
      hours: 30,
      note: 'Spare fuses for the van',
      forOrder: false,
      lines: [['Fuse, 32 A', 5, 'rejected', 'Use the fuses already on the van first']],
      decidedHours: 28,
    },
    {
      by: ids.tech1,
      hours: 3,
      note: 'Oil change and coolant top-up after the injector repair',
      forOrder: true,
      lines: [
        ['Engine oil, 15W-40', 20, 'pending'],
        ['Coolant, 50/50 premix', 10, 'pending'],
      ],
    },
  ];
  for (const [index, mr] of demoMrs.entries()) {
    const code = `MR-${String(index + 1).padStart(6, '0')}`;
    const statuses = mr.lines.map((line) => line[2]);
    const status: MrStatus = statuses.includes('pending')
      ? 'pending'
      : statuses.every((s) => s === 'accepted')
        ? 'accepted'
        : statuses.every((s) => s === 'rejected')
          ? 'rejected'
          : 'partly_accepted';
    const [request] = await tx
      .insert(materialRequests)
      .values({
        organisationId: ids.mro,
        code,
        warehouseId: ikeja.id,
        workOrderId: mr.forOrder ? (tech1Order?.id ?? null) : null,
        requestedBy: mr.by,
        note: mr.note,
        status,
        createdAt: hoursAgo(mr.hours),
        updatedAt: hoursAgo(mr.decidedHours ?? mr.hours),
      })
      .returning({ id: materialRequests.id });
    const subject = { type: 'material_request', id: request!.id };
    fx.activity({
      organisationId: ids.mro,
      userId: mr.by,
      action: 'material_request.created',
      params: { code, warehouse: ikeja.name },
      subject,
      at: hoursAgo(mr.hours),
    });
    for (const [position, [name, quantity, lineStatus, reason]] of mr.lines.entries()) {
      const item = items.get(key(ikeja, name))!;
      const movementId =
        lineStatus === 'accepted'
          ? await move(ikeja, name, -quantity, 'issue', mr.decidedHours!, ids.store, `Issued on ${code}`, {
              type: 'material_request',
              id: request!.id,
            })
          : null;
      await tx.insert(materialRequestLines).values({
        requestId: request!.id,
        position: position + 1,
        itemId: item.id,
        quantity,
        status: lineStatus,
        priceKobo: lineStatus === 'accepted' ? item.priceKobo : null,
        reason: reason ?? null,
        decidedBy: lineStatus === 'pending' ? null : ids.store,
        decidedAt: lineStatus === 'pending' ? null : hoursAgo(mr.decidedHours!),
        movementId,
      });
    }
    if (status === 'pending') {
      fx.notify({
        event: 'material_request.created',
        to: { users: [ids.store] },
        params: { requester: 'Tunde Technician', count: mr.lines.length, warehouse: ikeja.name, code },
        path: `/material-request/${request!.id}`,
      });
    } else {
      const decided = mr.lines.filter((line) => line[2] === status || status === 'partly_accepted').length;
      fx.activity({
        organisationId: ids.mro,
        userId: ids.store,
        action: status === 'rejected' ? 'material_request.rejected' : 'material_request.accepted',
        params: { code, count: decided, reason: mr.lines[0]![3] ?? '' },
        subject,
        at: hoursAgo(mr.decidedHours!),
      });
    }
  }
  await tx.insert(codeCounters).values({ organisationId: ids.mro, kind: 'material_request', lastValue: demoMrs.length });

  // --- Balances: each item's quantity is the sum of its movements; low when at or under its level -----------
  await tx.execute(sql`
    update inventory_items i
       set quantity = m.total,
           updated_at = m.last_at,
           low_since = case when i.reorder_level is not null and m.total <= i.reorder_level then m.last_at else null end
      from (select item_id, sum(delta)::integer as total, max(created_at) as last_at from stock_movements group by item_id) m
     where m.item_id = i.id and i.organisation_id in (${ids.mro}, ${ids.owner}, ${ids.supplier})`);
}
