import { levelsFor } from '@amp/contracts/approval';
import { koboToNaira, nairaToKobo } from '@amp/contracts/money';
import type { SrPriority, SrReceiverType } from '@amp/contracts/service-request';
import type { WoStatus } from '@amp/contracts/work-order';
import { and, eq, inArray } from 'drizzle-orm';
import type { RecordedEffects } from '../lib/effects.js';
import type { Db } from './client.js';
import {
  approvalLevelMembers,
  approvalLevels,
  approvalSteps,
  codeCounters,
  configurations,
  observations,
  pricebookItems,
  serviceRequests,
  slas,
  workOrderAssignees,
  workOrderLines,
  workOrders,
} from './schema/index.js';
import type { DemoProviders } from './seed.js';

export interface DemoApprovers {
  /** The owner's admin, Head of O&M. */
  ownerUser: string;
  /** The maintenance planner who raises the owner's work orders. */
  planner: string;
  gm: string;
  ceo: string;
}

/**
 * The owner's approval levels (docs/product.md#approval-levels' example: Head O&M up to NGN 100,000, GM up to
 * 1,000,000, CEO up to 10,000,000) and work orders in each place of the workflow: a draft, one
 * awaiting Head O&M, one awaiting the GM after Head O&M approved, one raised from an accepted
 * observation and sent to the MRO, one in progress with tech1, one completed and awaiting
 * certification, one closed with a rating, one the IMO accepted and has yet to assign, and finished,
 * rated orders of the MRO, the IMO and the external technician over the last months (the score
 * cards' ranking: fast and slow answers, high and low ratings, one rework). Written
 * with their steps, lines, staff, activities and notifications, as the work order module writes them.
 */
export async function seedDemoWorkOrders(
  tx: Db,
  fx: RecordedEffects,
  ids: DemoProviders & DemoApprovers & { owner: string; assets: { id: string; name: string; code: string }[] },
) {
  const HOUR = 3_600_000;
  const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
  const asset = (name: string) => ids.assets.find((a) => a.name === name)!;

  const levels = await tx
    .insert(approvalLevels)
    .values(
      (
        [
          ['Head O&M', 100_000],
          ['GM', 1_000_000],
          ['CEO', 10_000_000],
        ] as const
      ).map(([name, naira], index) => ({
        organisationId: ids.owner,
        documentType: 'wo' as const,
        name,
        position: index + 1,
        maxKobo: nairaToKobo(naira)!,
      })),
    )
    .returning({ id: approvalLevels.id, name: approvalLevels.name, maxKobo: approvalLevels.maxKobo, position: approvalLevels.position });
  const approversOf = [[ids.ownerUser], [ids.gm], [ids.ceo]];
  await tx
    .insert(approvalLevelMembers)
    .values(levels.flatMap((level, index) => approversOf[index]!.map((userId) => ({ levelId: level.id, userId }))));
  await tx.insert(configurations).values({
    organisationId: ids.owner,
    type: 'wo',
    settings: { codePrefix: 'WO', reminderHours: 24, escalationHours: 48, recallDays: 30 },
    updatedBy: ids.ownerUser,
  });

  const items = await tx
    .select({
      id: pricebookItems.id,
      organisationId: pricebookItems.organisationId,
      name: pricebookItems.name,
      kind: pricebookItems.kind,
      unit: pricebookItems.unit,
      priceKobo: pricebookItems.priceKobo,
    })
    .from(pricebookItems)
    .where(inArray(pricebookItems.organisationId, [ids.mro, ids.imo]));
  const item = (providerId: string, name: string) => items.find((i) => i.organisationId === providerId && i.name === name)!;
  const [sla] = await tx
    .select({ id: slas.id, title: slas.title, responseHours: slas.responseHours, resolutionHours: slas.resolutionHours })
    .from(slas)
    .where(eq(slas.providerId, ids.mro));
  // The battery request's accepted observation: the work order that replaces the cells is raised from it.
  const [batteryObservation] = await tx
    .select({ id: observations.id, serviceRequestId: observations.serviceRequestId })
    .from(observations)
    .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
    .where(and(eq(serviceRequests.title, 'Battery bank autonomy test failed'), eq(observations.status, 'accepted')));

  const mro = { id: ids.mro, user: ids.mroUser, name: 'Prime Maintenance Services', receiverType: 'MRO' as SrReceiverType };
  const imo = { id: ids.imo, user: ids.imoUser, name: 'Northern Implementation Co.', receiverType: 'IMO' as SrReceiverType };
  const ext = { id: ids.ext, user: ids.extUser, name: 'Emeka Okafor', receiverType: 'EXT. TECHNICIAN' as SrReceiverType };
  const staffNames: Record<string, string> = {
    [ids.tech1]: 'Tunde Technician',
    [ids.tech2]: 'Chika Technician',
    [ids.imoUser]: 'Ibrahim Implementer',
    [ids.extUser]: 'Emeka Okafor',
  };
  interface DemoOrder {
    asset: string;
    provider: typeof mro;
    title: string;
    description: string;
    priority: SrPriority;
    status: WoStatus;
    lines: ([item: string, quantity: number] | [free: string, naira: number, quantity: number])[];
    createdHours: number;
    /** Hours ago each step was approved, in order (the rest wait). */
    approvedHours?: number[];
    acceptedHours?: number;
    assignee?: string;
    startedHours?: number;
    completedHours?: number;
    completion?: { note: string; hours: number };
    closedHours?: number;
    rating?: { stars: number; comment: string };
    /** What each side wrote when certifying (a closed order's). */
    certification?: { owner: string; provider: string };
    /** The owner found the first completion unsatisfactory once, with this reason. */
    unsatisfactory?: string;
    fromObservation?: boolean;
    dueInDays?: number;
  }
  const demo: DemoOrder[] = [
    {
      asset: 'Lattice tower',
      provider: mro,
      title: 'Anti-corrosion repaint of tower section 3',
      description: 'Rust on the legs and bracing of section 3 (24 to 36 m). Wire-brush, prime and repaint before the rains.',
      priority: 'low',
      status: 'draft',
      lines: [['Anti-corrosion paint and labour, section 3', 85_000, 1]],
      createdHours: 3,
      dueInDays: 30,
    },
    {
      asset: 'Rectifier cabinet',
      provider: mro,
      title: 'Replace rectifier module 3',
      description: 'Module 3 keeps raising alarms and now carries no load; replace it with a Flatpack2 module from the MRO.',
      priority: 'high',
      status: 'pending_approval',
      lines: [
        ['Rectifier module, 48 V 50 A', 1],
        ['Technician labour', 3],
      ],
      createdHours: 5,
      approvedHours: [],
      dueInDays: 3,
    },
    {
      asset: 'Tower generator 2',
      provider: mro,
      title: 'Replace the fuel injection pump of generator 2',
      description:
        'The pump seal failed and the body is cracked (see the last service request). Replace the pump and bleed the fuel system.',
      priority: 'critical',
      status: 'pending_approval',
      lines: [
        ['Fuel injection pump', 1],
        ['Technician labour', 6],
      ],
      createdHours: 26,
      approvedHours: [20],
      dueInDays: 2,
    },
    {
      asset: 'Battery bank A',
      provider: mro,
      title: 'Battery bank A: replace two failed cells',
      description: 'Two of the eight cells are below 11 V at rest; replace them.',
      priority: 'high',
      status: 'sent',
      lines: [
        ['VRLA battery, 12 V 200 Ah', 2],
        ['Emergency call-out, Lagos', 1],
      ],
      createdHours: 29,
      approvedHours: [27, 2],
      fromObservation: true,
      dueInDays: 5,
    },
    // WO-000005, tech1's: sent 50 h ago on the MRO's 24-hour resolution SLA, so breached, and the
    // first row of tech1's home (e2e/technician-home.spec.ts); the SLA job tells the parties once.
    {
      asset: 'Tower generator 1',
      provider: mro,
      title: '500-hour service of tower generator 1',
      description: 'Oil and filter change, air filter check, coolant top-up and a load test, as the 500-hour schedule says.',
      priority: 'medium',
      status: 'in_progress',
      lines: [
        ['Generator servicing, up to 100 kVA', 1],
        ['Oil filter', 1],
        ['Engine oil, 15W-40', 12],
      ],
      createdHours: 60,
      approvedHours: [58, 50],
      acceptedHours: 49,
      assignee: ids.tech1,
      startedHours: 3,
      dueInDays: 1,
    },
    {
      asset: 'Tower generator 2',
      provider: mro,
      title: 'Replace the air filter of generator 2',
      description: 'The air filter restriction indicator is red. Replace the element.',
      priority: 'medium',
      status: 'completed',
      lines: [
        ['Air filter element', 1],
        ['Technician labour', 2],
      ],
      createdHours: 80,
      approvedHours: [78],
      acceptedHours: 77,
      assignee: ids.tech2,
      startedHours: 30,
      completedHours: 6,
      completion: {
        note: 'Replaced the air filter element and reset the restriction indicator; ran the generator for 20 minutes under load.',
        hours: 1.5,
      },
    },
    {
      asset: 'Tower generator 2',
      provider: mro,
      title: 'Quarterly service of tower generator 2',
      description: 'Quarterly preventive service: oil, filters, belts and a load test.',
      priority: 'medium',
      status: 'closed',
      lines: [['Generator servicing, 100 to 500 kVA', 1]],
      createdHours: 400,
      approvedHours: [398, 396],
      acceptedHours: 395,
      assignee: ids.tech1,
      startedHours: 380,
      completedHours: 370,
      completion: { note: 'Serviced as scheduled: oil and filters changed, belts tensioned, load test passed at 80%.', hours: 5 },
      closedHours: 360,
      rating: { stars: 5, comment: 'Quick and tidy work, and the site was left clean.' },
    },
    {
      asset: 'Central chiller',
      provider: imo,
      title: 'Central chiller: replace condenser fan motor 2',
      description: 'Fan motor 2 of the condenser trips on overload; the chiller runs at half capacity in the afternoons.',
      priority: 'high',
      status: 'accepted',
      lines: [
        ['Condenser fan motor', 1],
        ['HVAC technician labour', 4],
      ],
      createdHours: 30,
      approvedHours: [28, 24],
      acceptedHours: 2,
      dueInDays: 4,
    },
    // Finished and rated work of every provider over the last months, so the score cards rank
    // something real: answers and repairs fast and slow, ratings high and low, one rework.
    {
      asset: 'Shelter air conditioner',
      provider: mro,
      title: 'Shelter air conditioner: replace the compressor contactor',
      description: 'The compressor does not start: the contactor coil is open. Replace the contactor and check the currents.',
      priority: 'high',
      status: 'closed',
      lines: [['Compressor contactor, supply and fit', 45_000, 1]],
      createdHours: 1200,
      approvedHours: [1199],
      acceptedHours: 1197,
      assignee: ids.tech2,
      startedHours: 1190,
      completedHours: 1180,
      completion: { note: 'Replaced the contactor; compressor current 9.8 A, room back to 22 °C within the hour.', hours: 2 },
      closedHours: 1170,
      rating: { stars: 4, comment: 'Fixed the same day; the report could have had more detail.' },
      certification: { owner: 'The shelter holds 22 °C again.', provider: 'Contactor replaced and tested.' },
    },
    {
      asset: 'Rectifier cabinet',
      provider: mro,
      title: 'Rectifier cabinet: clear the urgent alarm and reseat the modules',
      description: 'Urgent alarm on the controller since the storm; two modules show no output.',
      priority: 'critical',
      status: 'closed',
      lines: [['Rectifier fault finding and reseat', 30_000, 1]],
      createdHours: 2200,
      approvedHours: [2199],
      acceptedHours: 2190,
      assignee: ids.tech2,
      startedHours: 2186,
      completedHours: 2180,
      completion: { note: 'Reseated modules 1 and 2 and replaced a blown controller fuse; alarm cleared.', hours: 3 },
      closedHours: 2170,
      rating: { stars: 2, comment: 'Nine hours before anyone answered a critical alarm.' },
      certification: { owner: 'Alarm cleared; the answer was far too slow.', provider: 'Modules reseated, fuse replaced.' },
    },
    {
      asset: 'Passenger lift 1',
      provider: imo,
      title: 'Passenger lift 1: quarterly inspection and lubrication',
      description: 'Quarterly inspection of the lift: ropes, brakes, door operators and lubrication of the guide rails.',
      priority: 'medium',
      status: 'closed',
      lines: [['Lift inspection and lubrication', 60_000, 1]],
      createdHours: 1500,
      approvedHours: [1498],
      acceptedHours: 1495,
      assignee: ids.imoUser,
      startedHours: 1480,
      completedHours: 1476,
      completion: { note: 'Inspected ropes and brakes, adjusted the landing doors, lubricated the rails.', hours: 4 },
      closedHours: 1470,
      rating: { stars: 5, comment: 'Thorough, on time, and the lift runs quietly now.' },
      certification: { owner: 'Lift tested on every floor.', provider: 'Inspection done to the checklist.' },
    },
    {
      asset: 'Fire pump set',
      provider: imo,
      title: 'Fire pump set: replace the jockey pump seal',
      description: 'The jockey pump leaks at the mechanical seal and starts every few minutes.',
      priority: 'high',
      status: 'closed',
      lines: [['Jockey pump mechanical seal, supply and fit', 38_000, 1]],
      createdHours: 700,
      approvedHours: [699],
      acceptedHours: 697,
      assignee: ids.imoUser,
      startedHours: 690,
      completedHours: 686,
      completion: { note: 'Replaced the seal; the pressure holds and the jockey pump rests for over an hour.', hours: 3 },
      closedHours: 680,
      rating: { stars: 4, comment: 'Good repair, a day later than promised.' },
      certification: { owner: 'No more leak at the pump room.', provider: 'Seal replaced and pressure tested.' },
    },
    {
      asset: 'Main diesel generator',
      provider: imo,
      title: 'Main diesel generator: 1,000-hour service',
      description: 'The 1,000-hour service: oil, fuel and air filters, coolant, belts and a load bank test.',
      priority: 'medium',
      status: 'closed',
      lines: [['Generator 1,000-hour service', 95_000, 1]],
      createdHours: 3000,
      approvedHours: [2998],
      acceptedHours: 2990,
      assignee: ids.imoUser,
      startedHours: 2980,
      completedHours: 2940,
      completion: { note: 'Service done; belts replaced after the first visit missed them.', hours: 6 },
      closedHours: 2930,
      rating: { stars: 3, comment: 'Had to be sent back once: the belts were not changed the first time.' },
      certification: { owner: 'Accepted after the second visit.', provider: 'Service completed with new belts.' },
      unsatisfactory: 'The fan belts are cracked and were not replaced.',
    },
    {
      asset: 'Office split units',
      provider: ext,
      title: 'Office split units: clean and regas',
      description: 'Second-floor split units cool poorly: clean the coils and filters, check and top up the gas.',
      priority: 'medium',
      status: 'closed',
      lines: [['Split unit servicing, 6 units', 54_000, 1]],
      createdHours: 900,
      approvedHours: [899],
      acceptedHours: 880,
      assignee: ids.extUser,
      startedHours: 860,
      completedHours: 850,
      completion: { note: 'Cleaned all six units, topped up R410A on units 2 and 5.', hours: 7 },
      closedHours: 840,
      rating: { stars: 4, comment: 'Good work once he came.' },
      certification: { owner: 'Offices cool again.', provider: 'All six units serviced.' },
    },
    {
      asset: 'Office split units',
      provider: ext,
      title: 'Replace the fan capacitor of split unit 3',
      description: 'Unit 3 hums but its outdoor fan does not turn.',
      priority: 'high',
      status: 'closed',
      lines: [['Fan capacitor, supply and fit', 12_000, 1]],
      createdHours: 200,
      approvedHours: [199],
      acceptedHours: 150,
      assignee: ids.extUser,
      startedHours: 130,
      completedHours: 120,
      completion: { note: 'Replaced the 2.5 µF fan capacitor; the fan runs and the unit cools.', hours: 1 },
      closedHours: 110,
      rating: { stars: 3, comment: 'Two days before he answered.' },
      certification: { owner: 'Unit 3 works.', provider: 'Capacitor replaced.' },
    },
  ];

  const byOwner = (userId: string) => ({ organisationId: ids.owner, userId });
  for (const [index, o] of demo.entries()) {
    const a = asset(o.asset);
    const code = `WO-${String(index + 1).padStart(6, '0')}`;
    const lines = o.lines.map((line) => {
      if (line.length === 3) {
        const [name, naira, quantity] = line;
        return { pricebookItemId: null, name, kind: 'service' as const, unit: 'job', quantity, unitPriceKobo: nairaToKobo(naira)! };
      }
      const found = item(o.provider.id, line[0]);
      return {
        pricebookItemId: found.id,
        name: found.name,
        kind: found.kind,
        unit: found.unit,
        quantity: line[1],
        unitPriceKobo: found.priceKobo,
      };
    });
    const totalKobo = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
    const applying = levelsFor(
      levels.map((level) => ({ ...level, order: level.position, maxAmountKobo: level.maxKobo })),
      totalKobo,
    )!;
    const submitted = o.status !== 'draft';
    const approved = o.approvedHours ?? [];
    const sentHours = submitted && approved.length === applying.length ? approved[approved.length - 1]! : null;
    // The SLA binding the provider over the asset is copied when the work order is raised; its clocks run once it is sent.
    const withSla = sla && o.provider.id === ids.mro;
    const usedKobo = o.completion ? totalKobo : 0;
    const ownerCertified = o.certification?.owner ?? 'Checked on site: the generator runs well.';
    const providerCertified = o.certification?.provider ?? 'Work done to the schedule.';
    const [row] = await tx
      .insert(workOrders)
      .values({
        code,
        organisationId: ids.owner,
        providerId: o.provider.id,
        receiverType: o.provider.receiverType,
        assetId: a.id,
        serviceRequestId: o.fromObservation ? (batteryObservation?.serviceRequestId ?? null) : null,
        observationId: o.fromObservation ? (batteryObservation?.id ?? null) : null,
        title: o.title,
        description: o.description,
        subjectLabel: `${a.name} ${a.code}`,
        priority: o.priority,
        status: o.status,
        dueDate: o.dueInDays ? new Date(Date.now() + o.dueInDays * 24 * HOUR).toISOString().slice(0, 10) : null,
        totalKobo,
        usedTotalKobo: usedKobo,
        approvalRound: submitted ? 1 : 0,
        approvalNeeded: submitted ? true : null,
        slaId: withSla ? sla.id : null,
        slaTitle: withSla ? sla.title : null,
        responseHours: withSla ? sla.responseHours : null,
        resolutionHours: withSla ? sla.resolutionHours : null,
        submittedAt: submitted ? hoursAgo(o.createdHours - 0.5) : null,
        sentAt: sentHours === null ? null : hoursAgo(sentHours),
        acceptedAt: o.acceptedHours ? hoursAgo(o.acceptedHours) : null,
        completedAt: o.completedHours ? hoursAgo(o.completedHours) : null,
        closedAt: o.closedHours ? hoursAgo(o.closedHours) : null,
        completionNote: o.completion?.note ?? null,
        timeSpentHours: o.completion?.hours ?? null,
        ownerCertifiedBy: o.closedHours ? ids.ownerUser : null,
        ownerCertifiedAt: o.closedHours ? hoursAgo(o.closedHours + 4) : null,
        ownerCertificationComment: o.closedHours ? ownerCertified : null,
        providerCertifiedBy: o.closedHours ? ids.mroUser : null,
        providerCertifiedAt: o.closedHours ? hoursAgo(o.closedHours + 6) : null,
        providerCertificationComment: o.closedHours ? providerCertified : null,
        rating: o.rating?.stars ?? null,
        ratingComment: o.rating?.comment ?? null,
        ratedBy: o.rating ? ids.ownerUser : null,
        ratedAt: o.rating ? hoursAgo(o.closedHours!) : null,
        closedBy: o.closedHours ? ids.ownerUser : null,
        unsatisfactoryCount: o.unsatisfactory ? 1 : 0,
        unsatisfactoryReason: o.unsatisfactory ?? null,
        createdBy: ids.planner,
        createdAt: hoursAgo(o.createdHours),
        updatedAt: hoursAgo(Math.min(o.createdHours, ...approved, o.acceptedHours ?? Infinity, o.completedHours ?? Infinity)),
      })
      .returning({ id: workOrders.id });
    const id = row!.id;
    await tx.insert(workOrderLines).values([
      ...lines.map((line, position) => ({
        workOrderId: id,
        stage: 'planned' as const,
        position,
        free: line.pricebookItemId === null,
        ...line,
        totalKobo: line.unitPriceKobo * line.quantity,
      })),
      ...(o.completion
        ? lines.map((line, position) => ({
            workOrderId: id,
            stage: 'used' as const,
            position,
            free: line.pricebookItemId === null,
            ...line,
            totalKobo: line.unitPriceKobo * line.quantity,
          }))
        : []),
    ]);
    const subject = { type: 'work_order', id };
    const path = `/work-order/view/${id}`;
    const params = { code, title: o.title };
    const total = koboToNaira(totalKobo);
    fx.activity({ ...byOwner(ids.planner), action: 'work_order.created', params, subject, at: hoursAgo(o.createdHours) });
    if (submitted) {
      await tx.insert(approvalSteps).values(
        applying.map((level, i) => {
          const decidedHours = approved[i];
          const asked = i === 0 ? o.createdHours - 0.5 : approved[i - 1];
          return {
            documentType: 'wo' as const,
            documentId: id,
            organisationId: ids.owner,
            round: 1,
            position: i + 1,
            levelId: level.id,
            name: level.name,
            maxKobo: level.maxKobo,
            approverIds: approversOf[i]!,
            status: decidedHours !== undefined ? ('approved' as const) : asked !== undefined ? ('pending' as const) : ('waiting' as const),
            askedAt: asked !== undefined ? hoursAgo(asked) : null,
            decidedBy: decidedHours !== undefined ? approversOf[i]![0]! : null,
            decidedAt: decidedHours !== undefined ? hoursAgo(decidedHours) : null,
          };
        }),
      );
      fx.activity({
        ...byOwner(ids.planner),
        action: 'work_order.submitted',
        params: { ...params, total, levels: applying.map((level) => level.name).join(' → ') },
        subject,
        at: hoursAgo(o.createdHours - 0.5),
      });
      for (const [i, decided] of approved.entries()) {
        fx.activity({
          ...byOwner(approversOf[i]![0]!),
          action: 'work_order.step_approved',
          params: { code, level: applying[i]!.name },
          subject,
          at: hoursAgo(decided),
        });
      }
      const waiting = applying[approved.length];
      if (o.status === 'pending_approval' && waiting) {
        fx.notify({
          event: 'work_order.approval_requested',
          to: { users: approversOf[approved.length]! },
          params: { ...params, total, level: waiting.name },
          path,
        });
      }
    }
    if (sentHours !== null) {
      fx.activity({
        ...byOwner(ids.ownerUser),
        action: 'work_order.sent',
        params: { ...params, provider: o.provider.name },
        subject,
        at: hoursAgo(sentHours),
      });
      if (o.status === 'sent') {
        fx.notify({
          event: 'work_order.sent',
          to: { organisation: o.provider.id, permission: ['viewOrganizationAssignedAsset'] },
          params: { ...params, owner: 'Lagos Towers Ltd' },
          path,
        });
      }
    }
    const byProvider = { organisationId: o.provider.id, userId: o.provider.user };
    if (o.acceptedHours) {
      fx.activity({ ...byProvider, action: 'work_order.accepted', params, subject, at: hoursAgo(o.acceptedHours) });
      if (o.status === 'accepted') {
        fx.notify({
          event: 'work_order.accepted',
          to: { organisation: ids.owner, permission: ['viewOutgoingWO'] },
          params: { ...params, provider: o.provider.name },
          path,
        });
      }
    }
    if (o.assignee) {
      const assignedAt = hoursAgo(o.acceptedHours! - 0.5);
      await tx.insert(workOrderAssignees).values({ workOrderId: id, userId: o.assignee, assignedBy: o.provider.user, assignedAt });
      const name = staffNames[o.assignee] ?? 'Technician';
      fx.activity({ ...byProvider, action: 'work_order.assigned', params: { code, names: name }, subject, at: assignedAt });
      if (o.status === 'in_progress') fx.notify({ event: 'work_order.assigned', to: { users: [o.assignee] }, params, path });
      const byTech = { organisationId: o.provider.id, userId: o.assignee };
      if (o.startedHours) fx.activity({ ...byTech, action: 'work_order.started', params: { code }, subject, at: hoursAgo(o.startedHours) });
      if (o.completedHours && o.completion) {
        fx.activity({
          ...byTech,
          action: 'work_order.completed',
          params: { code, hours: o.completion.hours },
          subject,
          at: hoursAgo(o.completedHours),
        });
        if (o.status === 'completed') {
          fx.notify({
            event: 'work_order.completed',
            to: { organisation: ids.owner, permission: ['viewOutgoingWO'] },
            params: { ...params, provider: o.provider.name },
            path,
          });
        }
      }
    }
    if (o.closedHours && o.rating) {
      fx.activity({
        ...byProvider,
        action: 'work_order.provider_certified',
        params: { ...params, comment: providerCertified },
        subject,
        at: hoursAgo(o.closedHours + 6),
      });
      fx.activity({
        ...byOwner(ids.ownerUser),
        action: 'work_order.owner_certified',
        params: { ...params, comment: ownerCertified },
        subject,
        at: hoursAgo(o.closedHours + 4),
      });
      fx.activity({
        ...byOwner(ids.ownerUser),
        action: 'work_order.rated',
        params: { code, provider: o.provider.name, rating: o.rating.stars },
        subject,
        at: hoursAgo(o.closedHours),
      });
    }
  }
  await tx.insert(codeCounters).values({ organisationId: ids.owner, kind: 'work_order', lastValue: demo.length });
}
