import type { Language } from '@amp/contracts/account';
import { koboToNaira } from '@amp/contracts/money';
import type { SlaClockAnswer, SrProviderQuery } from '@amp/contracts/service-request';
import { slaClock } from '@amp/contracts/sla-clock';
import {
  WO_APPROVAL_LABELS,
  type WoApprovalQuery,
  type WoApprovalRow,
  type WoCounts,
  type WoDetail,
  type WoListQuery,
  type WoStatus,
  type WoSummary,
} from '@amp/contracts/work-order';
import { WORK_ORDER_WORKFLOW } from '@amp/contracts/work-order.workflow';
import { allowedActions } from '@amp/contracts/workflow';
import { sql } from 'drizzle-orm';
import { VIEWER_KEYS, visible, visibleIds } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { countTabs } from '../../kernel/document-lists.js';
import { assigneesOf, staffOptions as staffOptionsOf } from '../../kernel/staff-assignment.js';
import { toTimeline } from '../../kernel/timeline.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { approvalOf } from '../../rules/approval-state.js';
import { listActivitiesOfSharedSubject } from '../activity/activity.public.js';
import { mayApproveNow, stepAnswers } from '../approval/approval.public.js';
import { filesOf } from '../file/file.public.js';
import { materialsOfWorkOrder } from '../material-request/material-request.public.js';
import { providerChoices } from '../service-request/service-request.public.js';
import { WORK_ORDER, WORK_ORDER_STAFF } from './work-order.kind.js';
import { workOrderParties } from './work-order.parties.js';
import { visibleWorkOrdersAssignedToViewer, visibleWorkOrdersIn, workOrderTabCounter } from './work-order.reach.js';
import { findVisibleOrder, linesOfOrder, providerRating, recallsOf, type WoSummaryRow } from './work-order.repository.js';
import { awaitingCounterOf, listApprovals, listAssignedOpen, listOrders, raisedFor } from './work-order-list.repository.js';

function clock(
  targetHours: number | null,
  startedAt: Date | null,
  stoppedAt: Date | null,
  pausedMs: number,
  now: Date,
): SlaClockAnswer | null {
  if (targetHours === null || startedAt === null) return null;
  const state = slaClock({ targetHours, startedAt, stoppedAt, pausedMs, pausedSince: null, now });
  return { targetHours, ...state, dueAt: state.dueAt.toISOString() };
}

/** A row as the lists answer it, with its SLA clocks computed now (slaClock, the one rule). */
export function toSummary(row: WoSummaryRow, now = new Date()): WoSummary {
  const answeredAt = row.acceptedAt ?? (row.status === 'declined' ? row.closedAt : null);
  const finishedAt = row.completedAt ?? row.closedAt;
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
    totalKobo: row.totalKobo,
    total: koboToNaira(row.totalKobo),
    actualKobo: row.actualKobo ?? row.totalKobo,
    actual: koboToNaira(row.actualKobo ?? row.totalKobo),
    approval: approvalOf({ ...row, rejected: row.approvalRejected }),
    dueDate: row.dueDate,
    sla: row.slaId && row.slaTitle ? { _id: row.slaId, title: row.slaTitle } : null,
    response: clock(row.responseHours, row.sentAt, answeredAt, 0, now),
    resolution: row.status === 'declined' ? null : clock(row.resolutionHours, row.sentAt, finishedAt, row.pausedMs, now),
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const pageMeta = (query: { page: number; pageSize: number }, total: number, totalIsLowerBound: boolean) => ({
  page: query.page,
  pageSize: query.pageSize,
  total,
  totalIsLowerBound,
  pageCount: Math.ceil(total / query.pageSize),
});

/** GET /v2/wo: a tab of the work orders the caller sees. */
export async function list(db: Db, principal: Principal, query: WoListQuery) {
  const { rows, total, totalIsLowerBound } = await listOrders(
    db,
    visibleWorkOrdersIn(principal, query.tab, VIEWER_KEYS),
    workOrderTabCounter(principal, query.tab)?.side,
    principal,
    query,
  );
  const now = new Date();
  return { data: rows.map((row) => toSummary(row, now)), meta: pageMeta(query, total, totalIsLowerBound) };
}

/**
 * The caller's own open work orders (the technician's home), each as the lists answer it (its SLA
 * clocks computed now by toSummary) with its site.
 */
export async function assignedOpenOrders(db: Db, principal: Principal, statuses: readonly WoStatus[], limit: number, now = new Date()) {
  const rows = await listAssignedOpen(db, visibleWorkOrdersAssignedToViewer(principal), statuses, limit);
  return rows.map((row) => ({ summary: toSummary(row, now), site: { cluster: row.siteCluster, location: row.siteLocation } }));
}

/** GET /v2/wo/counts: the tabs' counts and the approvals awaiting the caller (one statement, kernel/document-lists.ts). */
export async function counts(db: Db, principal: Principal): Promise<WoCounts> {
  const approvals = principal.permissions.includes('approveWO') ? awaitingCounterOf(VIEWER_KEYS.userId) : sql<number>`0`;
  return countTabs(db, WORK_ORDER, principal, { approvals });
}

/** GET /v2/wo/sent/approval: Approval Requests, labelled as docs/product.md#approval-levels says. */
export async function approvals(db: Db, principal: Principal, query: WoApprovalQuery) {
  const { rows, total, totalIsLowerBound } = await listApprovals(db, principal, query);
  const now = new Date();
  const data: WoApprovalRow[] = rows.map((row) => ({
    ...toSummary(row, now),
    step: { _id: row.stepId, order: row.stepOrder, name: row.stepName, steps: row.steps },
    label: WO_APPROVAL_LABELS[query.view] as WoApprovalRow['label'],
    askedAt: row.askedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
  return { data, meta: pageMeta(query, total, totalIsLowerBound) };
}

/**
 * GET /v2/wo/raised/{id}: the work orders raised for an asset or a fault, among those the caller
 * sees. As GET /v2/sr/raised/{id}, an id that is not an asset or a fault the caller sees is not
 * found, unless the caller sees work orders raised for it (a provider sent one about an asset it
 * does not hold).
 */
export async function raised(db: Db, principal: Principal, id: string) {
  const rows = await raisedFor(db, visible(principal, 'work_order'), id);
  if (rows.length === 0) {
    const [assets, faults] = await Promise.all([visibleIds(db, principal, 'asset', [id]), visibleIds(db, principal, 'fault', [id])]);
    if (assets.size === 0 && faults.size === 0) throw notFound('asset or fault');
  }
  const now = new Date();
  return rows.map((row) => toSummary(row, now));
}

/** The actions the web offers: the workflow's, with each action's variants by party shown as one. */
function actionsFor(status: WoDetail['status'], parties: WoDetail['parties'], permissions: readonly string[]): string[] {
  const actions = allowedActions(WORK_ORDER_WORKFLOW, status, parties, permissions).flatMap((action) => {
    // Moved by the approval engine or by a change, never as buttons of their own.
    if (['revise', 'submitUnapproved', 'approveStep', 'approveLastStep', 'rejectApproval', 'rate'].includes(action)) return [];
    if (action.startsWith('certifyAs') || action.startsWith('countersignAs')) return ['certify'];
    return [action.replace(/As(Provider|Assignee)$/, '')];
  });
  return [...new Set(actions)];
}

const certification = (by: string | null, name: string | null, at: Date | null, comment: string | null) =>
  at ? { by: by && name ? { _id: by, name } : null, at: at.toISOString(), comment: comment ?? '' } : null;

/** GET /v2/wo/{id}: one work order the caller sees (404 otherwise), with everything the detail page shows. */
export async function detail(db: Db, principal: Principal, id: string, language: Language): Promise<WoDetail> {
  const row = await findVisibleOrder(db, visible(principal, 'work_order'), id);
  if (!row) throw notFound('work order');
  const [staff, lines, attachments, evidence, photos, steps, timeline, rating, recalls, materials] = await Promise.all([
    assigneesOf(db, WORK_ORDER_STAFF, id),
    linesOfOrder(db, visible(principal, 'work_order_line'), id),
    filesOf(db, { type: 'work_order', id }),
    row.observationId ? filesOf(db, { type: 'observation', id: row.observationId }) : Promise.resolve([]),
    filesOf(db, { type: 'work_order_completion', id }),
    stepAnswers(db, visible(principal, 'approval_step'), { type: 'wo', documentId: id, round: row.approvalRound }),
    listActivitiesOfSharedSubject(db, visible(principal, 'activity'), 'work_order', id, 500),
    providerRating(db, row.providerId),
    recallsOf(db, id),
    materialsOfWorkOrder(db, principal, id),
  ]);
  const parties = workOrderParties(
    principal,
    row,
    staff.map((member) => member.id),
  );
  const actions = actionsFor(row.status, parties, principal.permissions);
  // The one who may approve sees it among the actions (the engine's rule; it decides the rest).
  const pending = steps.find((step) => step.status === 'pending');
  const approvers = pending?.approvers.map((approver) => approver._id) ?? [];
  if (
    row.status === 'pending_approval' &&
    (await mayApproveNow(
      db,
      { type: 'wo', organisationId: row.organisationId, createdBy: row.createdBy, changedBy: row.changedBy },
      principal.userId,
      approvers,
    ))
  )
    actions.push('approve');
  if (row.status === 'certified' && parties.includes('owner') && actions.includes('close')) actions.push('rate');
  return {
    ...toSummary(row),
    description: row.description,
    fault: row.faultId && row.faultCode ? { _id: row.faultId, code: row.faultCode } : null,
    serviceRequest: row.serviceRequestId && row.serviceRequestCode ? { _id: row.serviceRequestId, code: row.serviceRequestCode } : null,
    observation: row.observationId && row.observationType ? { _id: row.observationId, type: row.observationType } : null,
    attachments,
    evidence,
    photos,
    lines: lines.map((line) => ({
      _id: line.id,
      stage: line.stage,
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
    usedTotalKobo: row.usedTotalKobo,
    usedTotal: koboToNaira(row.usedTotalKobo),
    materialsKobo: materials.materialsKobo,
    materials: koboToNaira(materials.materialsKobo),
    materialRequests: materials.requests.map((request) => ({ _id: request.id, code: request.code, status: request.status })),
    steps,
    createdBy: row.createdBy && row.creatorName ? { _id: row.createdBy, name: row.creatorName } : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    holdReason: row.holdReason,
    endReason: row.endReason,
    unsatisfactoryReason: row.unsatisfactoryReason,
    unsatisfactoryCount: row.unsatisfactoryCount,
    completionNote: row.completionNote,
    timeSpentHours: row.timeSpentHours === null ? null : Number(row.timeSpentHours),
    ownerCertification: certification(row.ownerCertifiedBy, row.ownerCertifierName, row.ownerCertifiedAt, row.ownerCertificationComment),
    providerCertification: certification(
      row.providerCertifiedBy,
      row.providerCertifierName,
      row.providerCertifiedAt,
      row.providerCertificationComment,
    ),
    ratingComment: row.ratingComment,
    ratedBy: row.ratedBy && row.raterName ? { _id: row.ratedBy, name: row.raterName } : null,
    providerRating: { average: rating?.average ?? 0, count: rating?.count ?? 0 },
    assignedStaff: staff.map((member) => ({
      _id: member.id,
      name: `${member.firstName} ${member.lastName}`,
      assignedAt: member.assignedAt.toISOString(),
    })),
    recalls: recalls.map((recall) => ({ _id: recall.id, code: recall.code, createdAt: recall.createdAt.toISOString() })),
    timeline: toTimeline(language, timeline),
    parties,
    actions,
  };
}

/** GET /v2/wo/staff/{id}: the provider's staff a manager may assign. */
export async function staffOptions(db: Db, principal: Principal, id: string) {
  return staffOptionsOf(db, WORK_ORDER_STAFF, principal, id);
}

/** GET /v2/wo/providers: the providers a work order can go to (the holder of the asset first, with the SLA binding each). */
export async function providerOptions(db: Db, principal: Principal, query: SrProviderQuery) {
  return providerChoices(db, principal.organisationId, query);
}

/** GET /v2/user/rating/{_id}: a provider's average rating (its own, or one the owner works with). */
export async function rating(db: Db, principal: Principal, id: string) {
  // Its own, or a provider of work orders the caller sees: any other organisation is not found.
  if (id !== principal.organisationId && (await raisedFor(db, visible(principal, 'work_order'), id, 'provider')).length === 0) {
    throw notFound('provider');
  }
  const row = await providerRating(db, id);
  if (!row) throw notFound('provider');
  return { _id: id, name: row.name, average: row.average, count: row.count };
}
