import {
  OBSERVATION_TYPE_LABELS,
  type ObservationType,
  type SrPriority,
  type SrReceiverType,
  type SrStatus,
} from '@amp/contracts/service-request';
import { dueSoonWindowMs } from '@amp/contracts/sla-clock';
import { and, eq, inArray } from 'drizzle-orm';
import type { RecordedEffects } from '../lib/effects.js';
import type { Db } from './client.js';
import {
  codeCounters,
  observationLines,
  observations,
  pricebookItems,
  type SlaNotice,
  serviceRequestAssignees,
  serviceRequestDeadlines,
  serviceRequests,
  slas,
} from './schema/index.js';
import type { DemoProviders } from './seed.js';

/**
 * Service requests for the demo, one in each place of the workflow: sent to the MRO and waiting
 * for it (one of them past its response time, already told), accepted and assigned to tech1 with
 * the resolution clock almost over, an observation with pricebook lines awaiting the owner,
 * resolved, closed, declined by the IMO, and the external technician's own job. Written with their
 * clocks, staff, observations, activities and notifications, as the service request module writes them.
 */
export async function seedDemoServiceRequests(
  tx: Db,
  fx: RecordedEffects,
  ids: DemoProviders & { owner: string; ownerUser: string; assets: { id: string; name: string; code: string }[] },
) {
  const HOUR = 3_600_000;
  const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
  const asset = (name: string) => ids.assets.find((a) => a.name === name)!;
  const [sla] = await tx.select({ id: slas.id, title: slas.title }).from(slas).where(eq(slas.providerId, ids.mro));
  const mroItems = await tx
    .select({
      id: pricebookItems.id,
      name: pricebookItems.name,
      kind: pricebookItems.kind,
      unit: pricebookItems.unit,
      priceKobo: pricebookItems.priceKobo,
    })
    .from(pricebookItems)
    .where(
      and(
        eq(pricebookItems.organisationId, ids.mro),
        inArray(pricebookItems.name, [
          'Fuel injection pump',
          'Technician labour',
          'VRLA battery, 12 V 200 Ah',
          'Emergency call-out, Lagos',
        ]),
      ),
    );
  const item = (name: string) => mroItems.find((i) => i.name === name)!;
  interface DemoObservation {
    by: string;
    type: ObservationType;
    status: 'submitted' | 'accepted';
    summary: string;
    timeToComplete: number;
    lines: [string, number][];
    hours: number;
    decidedHours?: number;
  }
  interface DemoRequest {
    asset: string;
    provider: { id: string; user: string; name: string };
    receiverType: SrReceiverType;
    title: string;
    description: string;
    priority: SrPriority;
    status: SrStatus;
    withSla: boolean;
    sentHours: number;
    acceptedHours?: number;
    assignees?: string[];
    observation?: DemoObservation;
    closedHours?: number;
    declineReason?: string;
  }
  const mro = { id: ids.mro, user: ids.mroUser, name: 'Prime Maintenance Services' };
  const imo = { id: ids.imo, user: ids.imoUser, name: 'Northern Implementation Co.' };
  const ext = { id: ids.ext, user: ids.extUser, name: 'Emeka Okafor' };
  const demo: DemoRequest[] = [
    {
      asset: 'Rectifier cabinet',
      provider: mro,
      receiverType: 'MRO',
      title: 'Rectifier alarm on module 3',
      description: 'The site monitoring shows a rectifier module alarm since this morning; the load is on the remaining modules.',
      priority: 'high',
      status: 'sent',
      withSla: true,
      sentHours: 1,
    },
    {
      asset: 'Tower generator 1',
      provider: mro,
      receiverType: 'MRO',
      title: 'Generator overdue for its 500-hour service',
      description: 'The run-hour meter passed 500 hours. Please service it before the rainy season.',
      priority: 'medium',
      status: 'sent',
      withSla: true,
      sentHours: 6,
    },
    {
      asset: 'Tower generator 2',
      provider: mro,
      receiverType: 'MRO',
      title: 'Generator loses power under load',
      description: 'Output drops when the tower load is above 60%. The site runs on batteries at night.',
      priority: 'critical',
      status: 'assigned',
      withSla: true,
      sentHours: 20,
      acceptedHours: 19,
      assignees: [ids.tech1],
    },
    {
      asset: 'Tower generator 2',
      provider: mro,
      receiverType: 'MRO',
      title: 'Fuel injection pump leaking',
      description: 'Diesel is dripping from the injection pump onto the engine block.',
      priority: 'high',
      status: 'observed',
      withSla: true,
      sentHours: 10,
      acceptedHours: 9,
      assignees: [ids.tech1],
      observation: {
        by: ids.tech1,
        type: 'not_okay',
        status: 'submitted',
        summary:
          'The injection pump seal has failed and the pump body is cracked; it must be replaced. Six hours of work including bleeding the fuel system.',
        timeToComplete: 6,
        lines: [
          ['Fuel injection pump', 1],
          ['Technician labour', 6],
        ],
        hours: 4,
      },
    },
    {
      asset: 'Battery bank A',
      provider: mro,
      receiverType: 'MRO',
      title: 'Battery bank autonomy test failed',
      description: 'The batteries held the load for 40 minutes instead of 4 hours during the last outage.',
      priority: 'high',
      status: 'resolved',
      withSla: true,
      sentHours: 50,
      acceptedHours: 48,
      assignees: [ids.tech2],
      observation: {
        by: ids.tech2,
        type: 'not_okay',
        status: 'accepted',
        summary: 'Two of the eight cells are below 11 V at rest; replace them.',
        timeToComplete: 3,
        lines: [
          ['VRLA battery, 12 V 200 Ah', 2],
          ['Emergency call-out, Lagos', 1],
        ],
        hours: 40,
        decidedHours: 30,
      },
    },
    {
      asset: 'Rectifier cabinet',
      provider: mro,
      receiverType: 'MRO',
      title: 'Cabinet door lock broken',
      description: 'The rectifier cabinet door does not lock; the site is exposed to theft.',
      priority: 'low',
      status: 'closed',
      withSla: true,
      sentHours: 200,
      acceptedHours: 198,
      assignees: [ids.tech1],
      closedHours: 150,
      observation: {
        by: ids.tech1,
        type: 'okay',
        status: 'accepted',
        summary: 'Replaced the lock cylinder from stock; the door locks again.',
        timeToComplete: 1,
        lines: [],
        hours: 170,
        decidedHours: 160,
      },
    },
    {
      asset: 'Inverter bank',
      provider: imo,
      receiverType: 'IMO',
      title: 'Inverter bank tripping',
      description: 'The inverter trips on overload every evening.',
      priority: 'medium',
      status: 'declined',
      withSla: false,
      sentHours: 30,
      closedHours: 26,
      declineReason: 'Inverters are outside our contract scope; please send this to your power contractor.',
    },
    {
      asset: 'Office split units',
      provider: ext,
      receiverType: 'EXT. TECHNICIAN',
      title: 'Split unit 3 leaking onto the ceiling',
      description: 'Water drips from unit 3 onto the ceiling board; please clear the drain line.',
      priority: 'medium',
      status: 'assigned',
      withSla: false,
      sentHours: 12,
      acceptedHours: 11,
      assignees: [ids.extUser],
    },
  ];
  for (const [index, r] of demo.entries()) {
    const a = asset(r.asset);
    const code = `SR-${String(index + 1).padStart(6, '0')}`;
    const sentAt = hoursAgo(r.sentHours);
    const open = !['closed', 'declined'].includes(r.status);
    const hours = r.withSla && sla ? { response: 4, resolution: 24 } : null;
    const pausedSince = r.status === 'observed' ? hoursAgo(r.observation!.hours) : null;
    const pausedMs = r.observation?.decidedHours !== undefined ? (r.observation.hours - r.observation.decidedHours) * HOUR : 0;
    // The SLA job's deadlines, as the module keeps them: a running clock's notices not given yet;
    // one already past when the demo starts counts as given (its activity and notices are below).
    const deadlines: { notice: SlaNotice; dueAt: Date; toldAt: Date | null }[] = [];
    const told: string[] = [];
    if (hours && open) {
      const clocks: ['response' | 'resolution', number, number][] = [];
      if (!r.acceptedHours) clocks.push(['response', hours.response, 0]);
      if (!pausedSince) clocks.push(['resolution', hours.resolution, pausedMs]);
      for (const [clock, target, paused] of clocks) {
        const dueAt = new Date(sentAt.getTime() + target * HOUR + paused);
        const warnAt = new Date(dueAt.getTime() - dueSoonWindowMs(target));
        const past = (at: Date) => (at.getTime() < Date.now() ? at : null);
        deadlines.push({ notice: `${clock}_due_soon`, dueAt: warnAt, toldAt: past(warnAt) });
        deadlines.push({ notice: `${clock}_breached`, dueAt, toldAt: past(dueAt) });
        if (past(dueAt)) told.push(`${clock}_breached`);
      }
    }
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        code,
        organisationId: ids.owner,
        providerId: r.provider.id,
        receiverType: r.receiverType,
        assetId: a.id,
        title: r.title,
        description: r.description,
        subjectLabel: `${a.name} ${a.code}`,
        priority: r.priority,
        status: r.status,
        slaId: hours ? sla!.id : null,
        slaTitle: hours ? sla!.title : null,
        responseHours: hours?.response ?? null,
        resolutionHours: hours?.resolution ?? null,
        sentAt,
        acceptedAt: r.acceptedHours ? hoursAgo(r.acceptedHours) : null,
        closedAt: r.closedHours ? hoursAgo(r.closedHours) : null,
        pausedMs,
        pausedSince,
        declineReason: r.declineReason ?? null,
        closedBy: r.status === 'closed' ? ids.ownerUser : null,
        createdBy: ids.ownerUser,
        lastActivityAt: hoursAgo(
          Math.min(
            r.sentHours,
            r.acceptedHours ?? Infinity,
            r.observation?.decidedHours ?? r.observation?.hours ?? Infinity,
            r.closedHours ?? Infinity,
          ),
        ),
        createdAt: sentAt,
        updatedAt: sentAt,
      })
      .returning({ id: serviceRequests.id });
    const id = row!.id;
    if (deadlines.length > 0) await tx.insert(serviceRequestDeadlines).values(deadlines.map((d) => ({ serviceRequestId: id, ...d })));
    const subject = { type: 'service_request', id };
    const path = `/service-request/view/${id}`;
    const byOwner = { organisationId: ids.owner, userId: ids.ownerUser };
    const byProvider = { organisationId: r.provider.id, userId: r.provider.user };
    fx.activity({
      ...byOwner,
      action: 'service_request.sent',
      params: { code, title: r.title, provider: r.provider.name },
      subject,
      at: sentAt,
    });
    if (r.status === 'sent') {
      fx.notify({
        event: 'service_request.sent',
        to: { organisation: r.provider.id, permission: ['viewOrganizationAssignedAsset'] },
        params: { code, title: r.title, owner: 'Lagos Towers Ltd' },
        path,
      });
    }
    for (const breach of told as ('response_breached' | 'resolution_breached')[]) {
      const target = breach === 'response_breached' ? 4 : 24;
      fx.activity({
        organisationId: ids.owner,
        userId: null,
        action: `service_request.${breach}`,
        params: { code },
        subject,
        at: new Date(sentAt.getTime() + target * HOUR),
      });
      for (const to of [
        { organisation: ids.owner, permission: ['viewOutgoingSR' as const] },
        { organisation: r.provider.id, permission: ['viewOrganizationAssignedAsset' as const] },
      ]) {
        fx.notify({ event: `service_request.${breach}`, to, params: { code, title: r.title }, path });
      }
    }
    if (r.acceptedHours)
      fx.activity({
        ...byProvider,
        action: 'service_request.accepted',
        params: { code, title: r.title },
        subject,
        at: hoursAgo(r.acceptedHours),
      });
    if (r.declineReason) {
      fx.activity({
        ...byProvider,
        action: 'service_request.declined',
        params: { code, title: r.title, reason: r.declineReason },
        subject,
        at: hoursAgo(r.closedHours!),
      });
      fx.notify({
        event: 'service_request.declined',
        to: { organisation: ids.owner, permission: ['viewOutgoingSR'] },
        params: { code, title: r.title, provider: r.provider.name, reason: r.declineReason },
        path,
      });
    }
    if (r.assignees) {
      await tx.insert(serviceRequestAssignees).values(
        r.assignees.map((userId) => ({
          serviceRequestId: id,
          userId,
          assignedBy: r.provider.user,
          assignedAt: hoursAgo(r.acceptedHours! - 0.5),
        })),
      );
      const names = r.assignees
        .map((u) => (u === ids.tech1 ? 'Tunde Technician' : u === ids.tech2 ? 'Chika Technician' : 'Emeka Okafor'))
        .join(', ');
      fx.activity({
        ...byProvider,
        action: 'service_request.assigned',
        params: { code, names },
        subject,
        at: hoursAgo(r.acceptedHours! - 0.5),
      });
      if (r.status === 'assigned')
        fx.notify({ event: 'service_request.assigned', to: { users: r.assignees }, params: { code, title: r.title }, path });
    }
    const o = r.observation;
    if (o) {
      const lines = o.lines.map(([name, quantity]) => ({ ...item(name), quantity }));
      const totalKobo = lines.reduce((sum, line) => sum + line.priceKobo * line.quantity, 0);
      const [obs] = await tx
        .insert(observations)
        .values({
          serviceRequestId: id,
          organisationId: r.provider.id,
          submittedBy: o.by,
          type: o.type,
          status: o.status,
          summary: o.summary,
          timeToCompleteHours: o.timeToComplete,
          totalKobo,
          decidedBy: o.decidedHours !== undefined ? ids.ownerUser : null,
          decidedAt: o.decidedHours !== undefined ? hoursAgo(o.decidedHours) : null,
          createdAt: hoursAgo(o.hours),
        })
        .returning({ id: observations.id });
      if (lines.length > 0) {
        await tx.insert(observationLines).values(
          lines.map((line, position) => ({
            observationId: obs!.id,
            position,
            pricebookItemId: line.id,
            free: false,
            name: line.name,
            kind: line.kind,
            unit: line.unit,
            quantity: line.quantity,
            unitPriceKobo: line.priceKobo,
            totalKobo: line.priceKobo * line.quantity,
          })),
        );
      }
      const total = `${Math.floor(totalKobo / 100)}.${String(totalKobo % 100).padStart(2, '0')}`;
      const params = { code, type: OBSERVATION_TYPE_LABELS[o.type], total };
      fx.activity({ organisationId: r.provider.id, userId: o.by, action: 'observation.submitted', params, subject, at: hoursAgo(o.hours) });
      if (o.status === 'submitted')
        fx.notify({ event: 'observation.submitted', to: { organisation: ids.owner, permission: ['viewOutgoingSR'] }, params, path });
      if (o.decidedHours !== undefined) {
        fx.activity({ ...byOwner, action: 'observation.accepted', params: { code }, subject, at: hoursAgo(o.decidedHours) });
        if (r.status === 'resolved')
          fx.notify({ event: 'observation.accepted', to: { users: [o.by] }, params: { code, reason: '' }, path });
      }
    }
    if (r.status === 'closed') {
      fx.activity({
        ...byOwner,
        action: 'service_request.closed',
        params: { code, title: r.title },
        subject,
        at: hoursAgo(r.closedHours!),
      });
    }
  }
  await tx.insert(codeCounters).values({ organisationId: ids.owner, kind: 'service_request', lastValue: demo.length });
}
