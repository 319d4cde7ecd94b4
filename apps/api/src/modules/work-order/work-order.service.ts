import { koboToNaira } from '@amp/contracts/money';
import { RECEIVER_KIND, type SrPriority, type SrReceiverType } from '@amp/contracts/service-request';
import type {
  RateInput,
  WoAssignInput,
  WoCertifyInput,
  WoCompleteInput,
  WoCreateInput,
  WoFromFaultInput,
  WoParty,
  WoStatus,
  WoUpdateInput,
} from '@amp/contracts/work-order';
import type { WORK_ORDER_WORKFLOW } from '@amp/contracts/work-order.workflow';
import { sql } from 'drizzle-orm';
import { visible } from '../../access/visibility.js';

import type { Db } from '../../db/client.js';
import { workOrders } from '../../db/schema/work-order.js';
import type { Deps } from '../../deps.js';
import { nextDocumentCode } from '../../kernel/document-codes.js';
import { assignStaff } from '../../kernel/staff-assignment.js';
import { assertMayTake, type Locked, lockDocument, stepOn } from '../../kernel/step-runner.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import {
  type ApprovalDocument,
  announceApproval,
  announceRejection,
  askApprovers,
  cancelApproval,
  decideApproval,
  submitForApproval,
} from '../approval/approval.public.js';
import { findWoConfiguration } from '../configuration/configuration.public.js';
import { convertFault, findFaultToRaise, recordFaultWork } from '../fault/fault.public.js';
import { attachFiles } from '../file/file.public.js';
import { type PricedLine, priceLines, sameLines } from '../pricebook/pricebook.public.js';
import { acceptObservationWithin, findOwnTarget, findProvider } from '../service-request/service-request.public.js';
import { slasCovering } from '../sla/sla.public.js';
import { WORK_ORDER, WORK_ORDER_STAFF, woPath } from './work-order.kind.js';
import { raisesWorkOrders } from './work-order.reach.js';
import {
  findVisibleOrder,
  insertOrder,
  type LockedOrderRow,
  plannedLines,
  replaceLines,
  totalOf,
  type WoDetailRow,
} from './work-order.repository.js';

export { woPath };

const APPROVAL_DOCUMENT: ApprovalDocument = { ...WORK_ORDER.approval!, subject: 'work_order', path: WORK_ORDER.path };

/** The provider's managers (its admins and those who dispatch its work), not every technician. */
const providerManagers = (providerId: string) => ({ organisation: providerId, permission: ['viewOrganizationAssignedAsset' as const] });
/** The owner's admins and the staff who follow its outgoing work orders. */
const ownerStaff = (ownerId: string) => ({ organisation: ownerId, permission: ['viewOutgoingWO' as const] });

type StepAction = keyof typeof WORK_ORDER_WORKFLOW.actions;
type LockedOrder = Locked<LockedOrderRow, WoStatus, StepAction, WoParty>;

/** One step of the work order workflow inside the caller's write: the kernel's runner on its kind. */
const takeStep = (
  tx: Db,
  principal: Principal,
  id: string,
  action: StepAction | ((locked: LockedOrder) => StepAction),
  set: Record<string, unknown> = {},
) => stepOnOrder(tx, lockDocument(tx, WORK_ORDER, principal, id), action, set);

/** The step on an order this write already locked: no second read. */
async function stepOnOrder(
  tx: Db,
  locking: LockedOrder | Promise<LockedOrder>,
  action: StepAction | ((locked: LockedOrder) => StepAction),
  set: Record<string, unknown> = {},
) {
  const { row: order, ...step } = await stepOn(tx, await locking, action, set);
  return { order, assignees: order.assigneeIds, ...step };
}

const paramsOf = (order: { code: string; title: string }) => ({ code: order.code, title: order.title });
const subjectOf = (id: string) => ({ type: 'work_order' as const, id });
const nameOfPrincipal = async (tx: Db, organisationId: string) => {
  const result = await tx.execute(sql`select name from organisations where id = ${organisationId}`);
  return (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
};

// ---------------------------------------------------------------------------------------------
// Creating

interface NewOrder {
  title: string;
  description: string;
  priority: SrPriority;
  receiverType: SrReceiverType;
  provider: string;
  target: { asset: string | null; cluster: string | null };
  dueDate: string | null;
  faultId: string | null;
  serviceRequestId: string | null;
  observationId: string | null;
  attachments: string[];
  submit: boolean;
}

/** The checks of a new work order that need the database; answers what the write needs. */
async function prepare(db: Db, principal: Principal, input: Pick<NewOrder, 'target' | 'provider' | 'receiverType'>) {
  // What it is about first: anyone else's asset is "not yours", whoever asks.
  const target = await findOwnTarget(db, principal.organisationId, input.target);
  if (!target) throw invalidField(input.target.asset ? 'asset' : 'cluster', 'WO.NOT_OWNED');
  if (target.status === 'decommissioned') throw invalidField('asset', 'VALIDATION.NOT_VALID', { field: 'Asset' });
  const provider = await findProvider(db, input.provider, RECEIVER_KIND[input.receiverType]);
  if (!provider) throw invalidField('provider', 'SR.PROVIDER_KIND', { receiverType: input.receiverType });
  const [configuration, covering] = await Promise.all([
    findWoConfiguration(db, principal.organisationId),
    slasCovering(db, principal.organisationId, { assetId: target.assetId, clusterId: target.clusterId }),
  ]);
  const sla = covering.find((candidate) => candidate.providerId === provider.id) ?? null;
  return { target, provider, configuration, sla };
}

async function insertNew(
  tx: Db,
  fx: Effects,
  principal: Principal,
  input: NewOrder,
  prepared: Awaited<ReturnType<typeof prepare>>,
  lines: readonly PricedLine[],
) {
  const { target, provider, configuration, sla } = prepared;
  const code = await nextDocumentCode(tx, principal.organisationId, 'work_order', configuration.codePrefix);
  const id = await insertOrder(tx, {
    code,
    organisationId: principal.organisationId,
    providerId: provider.id,
    receiverType: input.receiverType,
    assetId: target.assetId,
    clusterId: target.assetId ? null : target.clusterId,
    faultId: input.faultId,
    serviceRequestId: input.serviceRequestId,
    observationId: input.observationId,
    title: input.title,
    description: input.description,
    subjectLabel: `${target.name} ${target.code}`,
    priority: input.priority,
    dueDate: input.dueDate,
    totalKobo: totalOf(lines),
    slaId: sla?.id ?? null,
    slaTitle: sla?.title ?? null,
    responseHours: sla?.responseHours ?? null,
    resolutionHours: sla?.resolutionHours ?? null,
    createdBy: principal.userId,
  });
  await replaceLines(tx, id, 'planned', lines);
  if (input.attachments.length > 0) {
    await attachFiles(tx, fx, principal.organisationId, subjectOf(id), input.attachments, undefined, {
      path: 'attachments',
      label: 'Attachments',
    });
  }
  fx.activity({ action: 'work_order.created', params: { code, title: input.title }, subject: subjectOf(id) });
  if (input.submit) await submitWithin(tx, fx, principal, id);
  return { id, code };
}

/** POST /v2/wo/create: the owner's work order, submitted for approval unless kept as a draft. */
export async function create(deps: Deps, principal: Principal, input: WoCreateInput) {
  const order: NewOrder = {
    title: input.title,
    description: input.description,
    priority: input.priority,
    receiverType: input.receiverType,
    provider: input.provider,
    target: { asset: input.asset ?? null, cluster: input.cluster ?? null },
    dueDate: input.dueDate ?? null,
    faultId: null,
    serviceRequestId: null,
    observationId: null,
    attachments: input.attachments,
    submit: input.submit,
  };
  const prepared = await prepare(deps.db, principal, order);
  const lines = await priceLines(deps.db, prepared.provider.id, input.lines, 'WO.PRICEBOOK_ITEM');
  return write(deps, principal, (tx, fx) => insertNew(tx, fx, principal, order, prepared, lines), { retriesOnUniqueViolation: 2 });
}

/**
 * POST /v2/wo/fault/{faultId}: "raise a work order" on a fault awaiting the owner; the fault is
 * converted, pointing at the work order, in the same transaction.
 */
export async function raiseFromFault(deps: Deps, principal: Principal, faultId: string, input: WoFromFaultInput) {
  const fault = await findFaultToRaise(deps.db, visible(principal, 'fault'), faultId);
  if (!fault || fault.organisationId !== principal.organisationId) throw notFound('fault');
  if (fault.status !== 'awaiting_owner') throw new AppError(409, 'WORKFLOW.STALE', { status: fault.status.replace(/_/g, ' ') });
  const order: NewOrder = {
    title: input.title || `${fault.faultType}: ${fault.assetName}`.slice(0, 150),
    description: fault.description,
    priority: input.priority,
    receiverType: input.receiverType,
    provider: input.provider,
    target: { asset: fault.assetId, cluster: null },
    dueDate: input.dueDate ?? null,
    faultId: fault.id,
    serviceRequestId: null,
    observationId: null,
    attachments: [],
    submit: input.submit,
  };
  const prepared = await prepare(deps.db, principal, order);
  const lines = await priceLines(deps.db, prepared.provider.id, input.lines, 'WO.PRICEBOOK_ITEM');
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const created = await insertNew(tx, fx, principal, order, prepared, lines);
      await convertFault(deps, tx, fx, principal, fault.id, { type: 'work_order', id: created.id });
      return created;
    },
    { retriesOnUniqueViolation: 2 },
  );
}

/**
 * The third decision on an observation (POST /v2/observation/accept/{_id} with `work_order`): the
 * observation is accepted (its request resolved) and a work order for the same provider copies its
 * lines unchanged (its evidence is read through it), in one transaction.
 */
export async function raiseFromObservation(
  deps: Deps,
  principal: Principal,
  observationId: string,
  options: { title?: string; priority?: SrPriority; dueDate?: string; submit: boolean },
) {
  if (!raisesWorkOrders(principal)) throw forbidden();
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const { request, observation, lines } = await acceptObservationWithin(tx, fx, principal, observationId);
      const order: NewOrder = {
        title: options.title || request.title,
        description: observation.summary,
        priority: options.priority ?? request.priority,
        receiverType: request.receiverType,
        provider: request.providerId,
        target: { asset: request.assetId, cluster: request.assetId ? null : request.clusterId },
        dueDate: options.dueDate ?? null,
        faultId: request.faultId,
        serviceRequestId: request.id,
        observationId,
        attachments: [],
        submit: options.submit,
      };
      const prepared = await prepare(tx, principal, order);
      const copied: PricedLine[] = lines.map((line) => ({
        pricebookItemId: line.pricebookItemId,
        name: line.name,
        kind: line.kind,
        unit: line.unit,
        quantity: line.quantity,
        unitPriceKobo: line.unitPriceKobo,
      }));
      return insertNew(tx, fx, principal, order, prepared, copied);
    },
    { retriesOnUniqueViolation: 2 },
  );
}

// ---------------------------------------------------------------------------------------------
// Changing and submitting

/**
 * Submits a draft inside the caller's write: the levels that apply to its total are copied as the
 * steps of a new round and the first level's approvers are asked; with no level at all it goes
 * straight to the provider. A total above the highest level is refused (400, nothing written).
 */
async function submitWithin(tx: Db, fx: Effects, principal: Principal, id: string, restarting = false) {
  const locked = await lockDocument(tx, WORK_ORDER, principal, id);
  // Only a draft is submitted, checked before a round is counted and its steps copied: a second
  // submit is stale (409), not a second pending step refused by the database (500).
  assertMayTake(locked, 'submit');
  // The round counted here moves approval_round only: the row read above still decides the step.
  const steps = await submitForApproval(tx, APPROVAL_DOCUMENT, locked.row);
  if (steps.length === 0) {
    const { order } = await stepOnOrder(tx, locked, 'submitUnapproved', {
      submittedAt: sql`now()`,
      sentAt: sql`now()`,
      approvalNeeded: false,
    });
    await announceSent(tx, fx, order);
    return;
  }
  const { order } = await stepOnOrder(tx, locked, 'submit', { submittedAt: sql`now()`, approvalNeeded: true });
  const total = koboToNaira(order.totalKobo);
  // A change of the cost while it awaited approval: its approval starts again at the first level.
  fx.activity(
    restarting
      ? { action: 'work_order.revised', params: { code: order.code, total, level: steps[0]!.name }, subject: subjectOf(id) }
      : {
          action: 'work_order.submitted',
          params: { ...paramsOf(order), total, levels: steps.map((step) => step.name).join(' → ') },
          subject: subjectOf(id),
        },
  );
  askApprovers(fx, APPROVAL_DOCUMENT, order, steps[0]!);
}

/** Sent: the provider's managers hear of it; its SLA clocks run from now. */
async function announceSent(tx: Db, fx: Effects, order: WoDetailRow) {
  fx.activity({ action: 'work_order.sent', params: { ...paramsOf(order), provider: order.providerName }, subject: subjectOf(order.id) });
  fx.notify({
    event: 'work_order.sent',
    to: providerManagers(order.providerId),
    params: { ...paramsOf(order), owner: await nameOfPrincipal(tx, order.organisationId) },
    path: woPath(order.id),
  });
}

/** POST /v2/wo/submit/{id}: the owner submits a draft. */
export async function submit(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, (tx, fx) => submitWithin(tx, fx, principal, id));
}

/**
 * PUT /v2/wo/update/{id}: the owner changes a draft or a work order awaiting approval. A change of
 * its lines cancels the approvals under way and, submitted again, starts them at the first level;
 * a change of its words only leaves them as they are. Once approved (sent), its lines cannot change (409).
 */
export async function update(deps: Deps, principal: Principal, id: string, input: WoUpdateInput) {
  const current = await findVisibleOrder(deps.db, visible(principal, 'work_order'), id);
  if (!current) throw notFound('work order');
  const lines = await priceLines(deps.db, current.providerId, input.lines, 'WO.PRICEBOOK_ITEM');
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockDocument(tx, WORK_ORDER, principal, id);
    const before = await plannedLines(tx, id);
    const words = { title: input.title, description: input.description, priority: input.priority, dueDate: input.dueDate ?? null };
    const linesChanged = !sameLines(before, lines);
    const { order, from } = await stepOnOrder(
      tx,
      locked,
      ({ row }) => (row.status === 'pending_approval' && !linesChanged ? 'revise' : 'edit'),
      // Whoever changes it is one of its authors: another approver must pass it (approval engine, mayApprove).
      { ...words, totalKobo: totalOf(lines), changedBy: principal.userId },
    );
    if (from === 'pending_approval' && !linesChanged) {
      fx.activity({
        action: 'work_order.edited',
        params: { code: order.code, total: koboToNaira(totalOf(lines)) },
        subject: subjectOf(id),
      });
      return;
    }
    await replaceLines(tx, id, 'planned', lines);
    if (from === 'pending_approval') await cancelApproval(tx, 'wo', id);
    const restarting = from === 'pending_approval' && input.submit;
    if (!restarting)
      fx.activity({
        action: 'work_order.edited',
        params: { code: order.code, total: koboToNaira(totalOf(lines)) },
        subject: subjectOf(id),
      });
    if (input.submit) await submitWithin(tx, fx, principal, id, restarting);
  });
}

// ---------------------------------------------------------------------------------------------
// Approving

/**
 * POST /v2/wo/approve/{id}: an approver of the pending step decides it (the engine: 409 when the
 * level was already decided or an earlier one waits, 403 when not an approver). The last approval
 * sends it to the provider; a rejection returns it to its creator as a draft.
 */
export async function approve(deps: Deps, principal: Principal, id: string, input: { approve: boolean; reason?: string }) {
  await write(deps, principal, async (tx, fx) => {
    // The one read of the row: locked, decided on by the engine, then stepped on (docs/decisions/0026-document-kernel.md).
    const locked = await lockDocument(tx, WORK_ORDER, principal, id);
    if (locked.row.organisationId !== principal.organisationId) throw notFound('work order');
    const decision = await decideApproval(tx, APPROVAL_DOCUMENT, locked.row, principal.userId, input);
    if (decision.outcome === 'rejected') {
      const { order } = await stepOnOrder(tx, locked, 'rejectApproval');
      announceRejection(fx, APPROVAL_DOCUMENT, order, decision.step.name, input.reason ?? '');
      return;
    }
    const last = decision.outcome === 'approved';
    const { order } = await stepOnOrder(tx, locked, last ? 'approveLastStep' : 'approveStep', last ? { sentAt: sql`now()` } : {});
    announceApproval(fx, APPROVAL_DOCUMENT, order, decision, principal.userId);
    if (last) await announceSent(tx, fx, order);
  });
}

// ---------------------------------------------------------------------------------------------
// The provider's steps

/** The provider accepts a work order sent to it: the response clock stops. */
export async function accept(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'accept', { acceptedAt: sql`now()` });
    fx.activity({ action: 'work_order.accepted', params: paramsOf(order), subject: subjectOf(id) });
    await recordFaultWork(deps, tx, fx, order.faultId, 'accepted');
    fx.notify({
      event: 'work_order.accepted',
      to: ownerStaff(order.organisationId),
      params: { ...paramsOf(order), provider: order.providerName },
      path: woPath(id),
    });
  });
}

/** The provider declines it, with the reason told to the owner: every clock stops. */
export async function decline(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'decline', { declineReason: reason, closedAt: sql`now()` });
    fx.activity({ action: 'work_order.declined', params: { ...paramsOf(order), reason }, subject: subjectOf(id) });
    fx.notify({
      event: 'work_order.declined',
      to: ownerStaff(order.organisationId),
      params: { ...paramsOf(order), provider: order.providerName, reason },
      path: woPath(id),
    });
  });
}

/** The provider assigns its staff (those already assigned stay). */
export async function assign(deps: Deps, principal: Principal, id: string, input: WoAssignInput) {
  await assignStaff(deps, WORK_ORDER_STAFF, principal, id, input.users);
}

const asAssignee =
  (assignee: StepAction, provider: StepAction) =>
  ({ parties }: LockedOrder) =>
    parties.includes('assignee') ? assignee : provider;

/** An assigned staff member (or the provider's manager) starts the work. */
export async function start(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, asAssignee('start', 'startAsProvider'));
    fx.activity({ action: 'work_order.started', params: { code: order.code }, subject: subjectOf(id) });
    await recordFaultWork(deps, tx, fx, order.faultId, 'started');
  });
}

/** The work waits (parts, access...), with the reason the owner sees. */
export async function hold(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, asAssignee('hold', 'holdAsProvider'), { holdReason: reason });
    fx.activity({ action: 'work_order.held', params: { code: order.code, reason }, subject: subjectOf(id) });
  });
}

export async function resume(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, asAssignee('resume', 'resumeAsProvider'), { holdReason: null });
    fx.activity({ action: 'work_order.resumed', params: { code: order.code }, subject: subjectOf(id) });
  });
}

/**
 * POST /v2/wo/complete/{_id}: the notes, the hours, the parts and services used (priced from the
 * provider's own pricebook, or free) and photos; the resolution clock stops; the owner is asked to certify.
 */
export async function complete(deps: Deps, principal: Principal, id: string, input: WoCompleteInput) {
  const current = await findVisibleOrder(deps.db, visible(principal, 'work_order'), id);
  if (!current) throw notFound('work order');
  const used = await priceLines(deps.db, current.providerId, input.lines, 'WO.OWN_PRICEBOOK_ITEM');
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, asAssignee('complete', 'completeAsProvider'), {
      completedAt: sql`now()`,
      completionNote: input.note,
      timeSpentHours: input.timeSpent,
      usedTotalKobo: totalOf(used),
      holdReason: null,
    });
    await replaceLines(tx, id, 'used', used);
    await attachFiles(tx, fx, principal.organisationId, { type: 'work_order_completion', id }, input.photos, undefined, {
      path: 'photos',
      label: 'Photos',
    });
    fx.activity({ action: 'work_order.completed', params: { code: order.code, hours: input.timeSpent }, subject: subjectOf(id) });
    await recordFaultWork(deps, tx, fx, order.faultId, 'done');
    fx.notify({
      event: 'work_order.completed',
      to: ownerStaff(order.organisationId),
      params: { ...paramsOf(order), provider: order.providerName },
      path: woPath(id),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Certifying, rating, closing

/** The certify action of the caller's side in this status (each side certifies once, in either order). */
function certifyAction({ parties, row: order }: LockedOrder): StepAction {
  if (parties.includes('owner')) return order.status === 'provider_certified' ? 'countersignAsOwner' : 'certifyAsOwner';
  const side = parties.includes('provider') ? 'Provider' : 'Assignee';
  return order.status === 'owner_certified' ? `countersignAs${side}` : `certifyAs${side}`;
}

/** POST /v2/wo/certify/{_id}: one side's certification with its comment; certified when both have. */
export async function certify(deps: Deps, principal: Principal, id: string, input: WoCertifyInput) {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockDocument(tx, WORK_ORDER, principal, id);
    const owner = locked.row.organisationId === principal.organisationId;
    const set = owner
      ? { ownerCertifiedBy: principal.userId, ownerCertifiedAt: sql`now()`, ownerCertificationComment: input.comment }
      : { providerCertifiedBy: principal.userId, providerCertifiedAt: sql`now()`, providerCertificationComment: input.comment };
    const { order, assignees } = await stepOnOrder(tx, locked, certifyAction, set);
    const params = { ...paramsOf(order), comment: input.comment };
    if (owner) {
      fx.activity({ action: 'work_order.owner_certified', params, subject: subjectOf(id) });
      const told = { ...paramsOf(order), owner: order.ownerName };
      fx.notify({ event: 'work_order.owner_certified', to: providerManagers(order.providerId), params: told, path: woPath(id) });
      if (assignees.length > 0)
        fx.notify({ event: 'work_order.owner_certified', to: { users: assignees }, params: told, path: woPath(id) });
    } else {
      fx.activity({ action: 'work_order.provider_certified', params, subject: subjectOf(id) });
      fx.notify({
        event: 'work_order.provider_certified',
        to: ownerStaff(order.organisationId),
        params: { ...paramsOf(order), provider: order.providerName },
        path: woPath(id),
      });
    }
  });
}

/**
 * The owner finds the work unsatisfactory (instead of certifying it): back to in progress with the
 * reason, counted for the score card; the certifications given are withdrawn and the resolution
 * clock runs again (the time the owner took is not the provider's).
 */
export async function unsatisfactory(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order, assignees } = await takeStep(tx, principal, id, 'unsatisfactory', {
      unsatisfactoryReason: reason,
      unsatisfactoryCount: sql`${workOrders.unsatisfactoryCount} + 1`,
      pausedMs: sql`${workOrders.pausedMs} + coalesce(floor(extract(epoch from now() - ${workOrders.completedAt}) * 1000), 0)::bigint`,
      completedAt: null,
      ownerCertifiedBy: null,
      ownerCertifiedAt: null,
      ownerCertificationComment: null,
      providerCertifiedBy: null,
      providerCertifiedAt: null,
      providerCertificationComment: null,
    });
    const params = { code: order.code, reason };
    fx.activity({ action: 'work_order.unsatisfactory', params, subject: subjectOf(id) });
    fx.notify({ event: 'work_order.unsatisfactory', to: providerManagers(order.providerId), params, path: woPath(id) });
    if (assignees.length > 0) fx.notify({ event: 'work_order.unsatisfactory', to: { users: assignees }, params, path: woPath(id) });
  });
}

/**
 * POST /v2/user/rate-user/{_id}: the owner rates the provider ({_id}) 1 to 5 for one certified
 * work order, which closes it. A work order of another provider is not found.
 */
export async function rate(deps: Deps, principal: Principal, providerId: string, input: RateInput) {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockDocument(tx, WORK_ORDER, principal, input.workOrder);
    if (locked.row.providerId !== providerId) throw notFound('work order');
    if (locked.row.rating !== null) throw new AppError(409, 'WO.ALREADY_RATED');
    const { order, assignees } = await stepOnOrder(tx, locked, 'rate', {
      rating: input.rating,
      ratingComment: input.comment || null,
      ratedBy: principal.userId,
      ratedAt: sql`now()`,
      closedAt: sql`now()`,
      closedBy: principal.userId,
    });
    fx.activity({
      action: 'work_order.rated',
      params: { code: order.code, provider: order.providerName, rating: input.rating },
      subject: subjectOf(order.id),
    });
    fx.notify({
      event: 'work_order.rated',
      to: providerManagers(order.providerId),
      params: { code: order.code, owner: order.ownerName, rating: input.rating },
      path: woPath(order.id),
    });
    notifyClosed(fx, order, assignees, false);
  });
}

/** The owner closes a certified work order without rating it (GET or POST /v2/wo/close/{id}). */
export async function close(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order, assignees } = await takeStep(tx, principal, id, 'close', { closedAt: sql`now()`, closedBy: principal.userId });
    fx.activity({ action: 'work_order.closed', params: paramsOf(order), subject: subjectOf(id) });
    notifyClosed(fx, order, assignees, true);
  });
}

function notifyClosed(fx: Effects, order: WoDetailRow, assignees: readonly string[], managers: boolean) {
  const params = paramsOf(order);
  if (managers) fx.notify({ event: 'work_order.closed', to: providerManagers(order.providerId), params, path: woPath(order.id) });
  if (assignees.length > 0) fx.notify({ event: 'work_order.closed', to: { users: assignees }, params, path: woPath(order.id) });
}

/** The owner ends an open work order early, with a reason: approvals under way are cancelled; a provider that had it is told. */
export async function end(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order, assignees } = await takeStep(tx, principal, id, 'end', {
      endReason: reason,
      closedAt: sql`now()`,
      closedBy: principal.userId,
    });
    await cancelApproval(tx, 'wo', id);
    const params = { ...paramsOf(order), reason };
    fx.activity({ action: 'work_order.ended', params, subject: subjectOf(id) });
    if (order.sentAt) {
      fx.notify({ event: 'work_order.ended', to: providerManagers(order.providerId), params, path: woPath(id) });
      if (assignees.length > 0) fx.notify({ event: 'work_order.ended', to: { users: assignees }, params, path: woPath(id) });
    }
  });
}
