import type { Language } from '@amp/contracts/account';
import { koboToNaira } from '@amp/contracts/money';
import { holds } from '@amp/contracts/permissions';
import {
  type Observation,
  type ObservationListQuery,
  RECEIVER_KIND,
  type SlaClockAnswer,
  type SrCounts,
  type SrDetail,
  type SrListQuery,
  type SrProviderQuery,
  type SrStatus,
  type SrSummary,
} from '@amp/contracts/service-request';
import { SERVICE_REQUEST_WORKFLOW } from '@amp/contracts/service-request.workflow';
import { slaClock } from '@amp/contracts/sla-clock';
import { allowedActions } from '@amp/contracts/workflow';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { countTabs } from '../../kernel/document-lists.js';
import { assigneesOf, staffOptions as staffOptionsOf } from '../../kernel/staff-assignment.js';
import { toTimeline } from '../../kernel/timeline.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { listActivitiesOfSharedSubject } from '../activity/activity.public.js';
import { filesOf } from '../file/file.public.js';
import { slasCovering } from '../sla/sla.public.js';
import { linesOf, listSentObservations, type ObservationRow, observationsOfRequest } from './observation.repository.js';
import { SERVICE_REQUEST, SERVICE_REQUEST_STAFF } from './service-request.kind.js';
import { serviceRequestParties } from './service-request.parties.js';
import { serviceRequestTabCounter, visibleServiceRequestsAssignedToViewer, visibleServiceRequestsIn } from './service-request.reach.js';
import { findOwnTarget, findVisibleRequest, providersOfKind, type selectRequests } from './service-request.repository.js';
import { assertRaisedTarget, holderOf } from './service-request.service.js';
import { listAssignedOpen, listRequests, raisedFor } from './service-request-list.repository.js';

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['limit']>>[number];

function clock(
  targetHours: number | null,
  startedAt: Date,
  stoppedAt: Date | null,
  pause: { pausedMs: number; pausedSince: Date | null },
  now: Date,
): SlaClockAnswer | null {
  if (targetHours === null) return null;
  const state = slaClock({ targetHours, startedAt, stoppedAt, pausedMs: pause.pausedMs, pausedSince: pause.pausedSince, now });
  return { targetHours, ...state, dueAt: state.dueAt.toISOString() };
}

/**
 * The caller's own open requests (the technician's home), each as the lists answer it (its SLA
 * clocks computed now by toSummary) with its site.
 */
export async function assignedOpenRequests(db: Db, principal: Principal, statuses: readonly SrStatus[], limit: number, now = new Date()) {
  const rows = await listAssignedOpen(db, visibleServiceRequestsAssignedToViewer(principal), statuses, limit);
  return rows.map((row) => ({ summary: toSummary(row, now), site: { cluster: row.siteCluster, location: row.siteLocation } }));
}

/** A row as the lists answer it, with both SLA clocks computed now (slaClock, the one rule). */
export function toSummary(row: SummaryRow, now = new Date()): SrSummary {
  // The response clock stops when the provider answers (accepted, or declined: then it closed).
  const answeredAt = row.acceptedAt ?? (row.status === 'declined' ? row.closedAt : null);
  return {
    _id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    priority: row.priority,
    receiverType: row.receiverType,
    asset: row.assetId ? { _id: row.assetId, assetID: row.assetCode ?? '', name: row.assetName ?? '' } : null,
    cluster: row.clusterId ? { _id: row.clusterId, clusterID: row.clusterCode ?? '', name: row.clusterName ?? '' } : null,
    owner: { _id: row.organisationId, name: row.ownerName },
    provider: { _id: row.providerId, name: row.providerName },
    sla: row.slaId && row.slaTitle ? { _id: row.slaId, title: row.slaTitle } : null,
    response: clock(row.responseHours, row.sentAt, answeredAt, { pausedMs: 0, pausedSince: null }, now),
    // A declined request was never worked on: it has no resolution to have met or missed.
    resolution:
      row.status === 'declined'
        ? null
        : clock(row.resolutionHours, row.sentAt, row.closedAt, { pausedMs: row.pausedMs, pausedSince: row.pausedSince }, now),
    assignees: row.assignees,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /v2/sr: a tab of the requests the caller sees. */
export async function list(db: Db, principal: Principal, query: SrListQuery) {
  const { rows, total, totalIsLowerBound } = await listRequests(
    db,
    visibleServiceRequestsIn(principal, query.tab),
    serviceRequestTabCounter(principal, query.tab),
    query,
  );
  const now = new Date();
  return {
    data: rows.map((row) => toSummary(row, now)),
    meta: { page: query.page, pageSize: query.pageSize, total, totalIsLowerBound, pageCount: Math.ceil(total / query.pageSize) },
  };
}

/** GET /v2/sr/counts: the tabs' counts (each stops at 10,000 unless kept counters answer it), one statement (kernel/document-lists.ts). */
export async function counts(db: Db, principal: Principal): Promise<SrCounts> {
  return countTabs(db, SERVICE_REQUEST, principal);
}

/** GET /v2/sr/raised/{id}: the requests raised for an asset or a fault, among those the caller sees. */
export async function raised(db: Db, principal: Principal, id: string) {
  await assertRaisedTarget(db, principal, id);
  const rows = await raisedFor(db, visible(principal, 'service_request'), id);
  const now = new Date();
  return rows.map((row) => toSummary(row, now));
}

async function toObservations(db: Db, rows: ObservationRow[]): Promise<Observation[]> {
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  const evidence = await Promise.all(rows.map((row) => filesOf(db, { type: 'observation', id: row.id })));
  return rows.map((row, index) => ({
    _id: row.id,
    serviceRequest: { _id: row.serviceRequestId, code: row.srCode, title: row.srTitle },
    type: row.type,
    status: row.status,
    summary: row.summary,
    timeToComplete: row.timeToCompleteHours,
    submittedBy: row.submittedBy && row.submitterName ? { _id: row.submittedBy, name: row.submitterName } : null,
    evidence: evidence[index]!,
    lines: lines
      .filter((line) => line.observationId === row.id)
      .map((line) => ({
        _id: line.id,
        pricebookItem: line.pricebookItemId,
        free: line.free,
        name: line.name,
        kind: line.kind,
        unit: line.unit,
        quantity: line.quantity,
        unitPriceKobo: line.unitPriceKobo,
        unitPrice: koboToNaira(line.unitPriceKobo),
        totalKobo: line.totalKobo,
        total: koboToNaira(line.totalKobo),
      })),
    totalKobo: row.totalKobo,
    total: koboToNaira(row.totalKobo),
    supersedes: row.supersedesId,
    supersededBy: row.supersededBy,
    decisionReason: row.decisionReason,
    decidedBy: row.decidedBy && row.deciderName ? { _id: row.decidedBy, name: row.deciderName } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    workOrder: row.workOrder ? { _id: row.workOrder.slice(0, 36), code: row.workOrder.slice(37) } : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The actions the web offers: the workflow's, with the two ways of observing shown as one. */
function actionsFor(status: SrDetail['status'], parties: SrDetail['parties'], permissions: readonly string[]): string[] {
  const actions = allowedActions(SERVICE_REQUEST_WORKFLOW, status, parties, permissions).map((action) =>
    action === 'observeAsProvider' ? 'observe' : action,
  );
  return [...new Set(actions)];
}

/** GET /v2/sr/{id}: one request the caller sees (404 otherwise), with its clocks, staff, observations and timeline. */
export async function detail(db: Db, principal: Principal, id: string, language: Language): Promise<SrDetail> {
  const row = await findVisibleRequest(db, visible(principal, 'service_request'), id);
  if (!row) throw notFound('service request');
  const [staff, observationRows, attachments, faultImages, steps] = await Promise.all([
    assigneesOf(db, SERVICE_REQUEST_STAFF, id),
    observationsOfRequest(db, id),
    filesOf(db, { type: 'service_request', id }),
    row.faultId ? filesOf(db, { type: 'fault', id: row.faultId }) : Promise.resolve([]),
    listActivitiesOfSharedSubject(db, visible(principal, 'activity'), 'service_request', id, 500),
  ]);
  const parties = serviceRequestParties(
    principal,
    row,
    staff.map((member) => member.id),
  );
  const seesContacts = parties.includes('owner') || parties.includes('provider') || parties.includes('assignee');
  return {
    ...toSummary(row),
    description: row.description,
    fault: row.faultId && row.faultCode ? { _id: row.faultId, code: row.faultCode } : null,
    image: faultImages[0] ?? null,
    attachments,
    reporter:
      row.faultId && row.reporterName
        ? {
            name: row.reporterName,
            email: seesContacts ? row.reporterEmail : null,
            phoneNumber: seesContacts ? row.reporterPhone : null,
          }
        : null,
    createdBy: row.createdBy && row.creatorName ? { _id: row.createdBy, name: row.creatorName } : null,
    declineReason: row.declineReason,
    closeNote: row.closeNote,
    sentAt: row.sentAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    assignedStaff: staff.map((member) => ({
      _id: member.id,
      name: `${member.firstName} ${member.lastName}`,
      assignedAt: member.assignedAt.toISOString(),
    })),
    observations: await toObservations(db, observationRows),
    timeline: toTimeline(language, steps),
    parties,
    actions: actionsFor(row.status, parties, principal.permissions),
  };
}

/**
 * GET /v2/sr/providers: the send form's providers of a receiver type; the one holding the asset
 * (or cluster) first, then those an SLA over it binds, each with that SLA.
 */
export async function providerOptions(db: Db, principal: Principal, query: SrProviderQuery) {
  return providerChoices(db, principal.organisationId, query);
}

/** An owner's choice of providers for a request or a work order: the holder of the asset first, then those an SLA over it binds. */
export async function providerChoices(db: Db, ownerId: string, query: SrProviderQuery) {
  const target =
    query.asset || query.cluster
      ? await findOwnTarget(db, ownerId, { asset: query.asset ?? null, cluster: query.cluster ?? null })
      : undefined;
  const [holder, covering] = target
    ? await Promise.all([
        holderOf(db, ownerId, { assetId: target.assetId, clusterId: target.clusterId }),
        slasCovering(db, ownerId, { assetId: target.assetId, clusterId: target.clusterId }),
      ])
    : [null, []];
  const first = [...(holder ? [holder] : []), ...covering.map((sla) => sla.providerId)];
  const kinds = query.receiverType ? [RECEIVER_KIND[query.receiverType]] : Object.values(RECEIVER_KIND);
  const rows = await providersOfKind(db, kinds, query.search, first);
  const ordered = [...rows].sort((a, b) => Number(b.id === holder) - Number(a.id === holder));
  return ordered.map((row) => {
    const sla = covering.find((candidate) => candidate.providerId === row.id);
    return { _id: row.id, name: row.name, holder: row.id === holder, sla: sla ? { _id: sla.id, title: sla.title } : null };
  });
}

/** GET /v2/sr/staff/{id}: the provider's staff a manager may assign to the request. */
export async function staffOptions(db: Db, principal: Principal, id: string) {
  return staffOptionsOf(db, SERVICE_REQUEST_STAFF, principal, id);
}

/**
 * GET /v2/observation/sent: the observations sent by the caller's organisation (its managers) or
 * by the caller (a technician).
 */
export async function sentObservations(db: Db, principal: Principal, query: ObservationListQuery) {
  const managers = principal.isOrgAdmin || holds(principal.permissions, 'viewOrganizationAssignedAsset');
  const { rows, total } = await listSentObservations(
    db,
    managers ? { organisationId: principal.organisationId } : { submittedBy: principal.userId },
    query,
  );
  return {
    data: await toObservations(db, rows),
    meta: { page: query.page, pageSize: query.pageSize, total, totalIsLowerBound: false, pageCount: Math.ceil(total / query.pageSize) },
  };
}
