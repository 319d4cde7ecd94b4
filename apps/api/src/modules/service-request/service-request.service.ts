import { koboToNaira } from '@amp/contracts/money';
import {
  OBSERVATION_TYPE_LABELS,
  type ObservationDecisionInput,
  type ObservationInput,
  RECEIVER_KIND,
  type SrAssignInput,
  type SrCreateInput,
  type SrFromFaultInput,
  type SrParty,
  type SrStatus,
} from '@amp/contracts/service-request';
import type { SERVICE_REQUEST_WORKFLOW } from '@amp/contracts/service-request.workflow';
import { sql } from 'drizzle-orm';
import { visible, visibleIds } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { nextDocumentCode } from '../../kernel/document-codes.js';
import { assignStaff } from '../../kernel/staff-assignment.js';
import { type Locked, takeStep as runStep } from '../../kernel/step-runner.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findLiveAssignmentOfAsset } from '../assignment/assignment.public.js';
import { findSrConfiguration } from '../configuration/configuration.public.js';
import { convertFault, findFaultToRaise, recordFaultWork } from '../fault/fault.public.js';
import { attachFiles } from '../file/file.public.js';
import { priceLines } from '../pricebook/pricebook.public.js';
import { slasCovering } from '../sla/sla.public.js';
import {
  findObservationOf,
  findObservationRequest,
  findSubmittedObservation,
  insertObservation,
  linesOf,
  observationsById,
  setObservationStatus,
} from './observation.repository.js';
import { SERVICE_REQUEST, SERVICE_REQUEST_STAFF, srPath } from './service-request.kind.js';
import {
  dropPendingDeadlines,
  findOwnTarget,
  findProvider,
  findVisibleRequest,
  insertRequest,
  type LockedRequestRow,
  PAUSE_RESOLUTION,
  RESUME_RESOLUTION,
  type SrDetailRow,
  STOP_ALL,
  STOP_RESPONSE,
  scheduleDeadlines,
} from './service-request.repository.js';

export { srPath };

const NOT_ID = '00000000-0000-0000-0000-000000000000';

/** Who on the provider's side hears of a request: its managers (admins and those who dispatch its work), not every technician. */
const providerManagers = (providerId: string) => ({ organisation: providerId, permission: ['viewOrganizationAssignedAsset' as const] });
/** Who on the owner's side hears: its admins and the staff who follow its outgoing requests. */
const ownerStaff = (ownerId: string) => ({ organisation: ownerId, permission: ['viewOutgoingSR' as const] });

type StepAction = keyof typeof SERVICE_REQUEST_WORKFLOW.actions;

type LockedRequest = Locked<LockedRequestRow, SrStatus, StepAction, SrParty>;

/**
 * One step of the service request workflow inside the caller's write: the kernel's runner on its
 * kind (one locked read of the request and its assignees, then the guarded update).
 */
async function takeStep(
  tx: Db,
  principal: Principal,
  id: string,
  action: StepAction | ((locked: LockedRequest) => StepAction),
  set: Record<string, unknown> = {},
) {
  const { row: request, ...step } = await runStep(tx, SERVICE_REQUEST, principal, id, action, set);
  return { request, assignees: request.assigneeIds, ...step };
}

const paramsOf = (request: Pick<SrDetailRow, 'code' | 'title'>) => ({ code: request.code, title: request.title });
const subjectOf = (id: string) => ({ type: 'service_request' as const, id });

// ---------------------------------------------------------------------------------------------
// Sending

interface NewRequest {
  title: string;
  description: string;
  priority: SrCreateInput['priority'];
  receiverType: SrCreateInput['receiverType'];
  provider: string;
  target: { asset: string | null; cluster: string | null };
  faultId: string | null;
  attachments: string[];
}

/** The checks of a new request that need the database; answers what the write needs. */
async function prepare(deps: Deps, principal: Principal, input: NewRequest) {
  // What it is about first: anyone else's asset is "not yours", whoever asks.
  const target = await findOwnTarget(deps.db, principal.organisationId, input.target);
  if (!target) throw invalidField(input.target.asset ? 'asset' : 'cluster', 'SR.NOT_OWNED');
  if (target.status === 'decommissioned') throw invalidField('asset', 'VALIDATION.NOT_VALID', { field: 'Asset' });
  const provider = await findProvider(deps.db, input.provider, RECEIVER_KIND[input.receiverType]);
  if (!provider) throw invalidField('provider', 'SR.PROVIDER_KIND', { receiverType: input.receiverType });
  const [configuration, covering] = await Promise.all([
    findSrConfiguration(deps.db, principal.organisationId),
    slasCovering(deps.db, principal.organisationId, { assetId: target.assetId, clusterId: target.clusterId }),
  ]);
  const sla = covering.find((candidate) => candidate.providerId === provider.id) ?? null;
  return { target, provider, configuration, sla };
}

async function insertNew(tx: Db, fx: Effects, principal: Principal, input: NewRequest, prepared: Awaited<ReturnType<typeof prepare>>) {
  const { target, provider, configuration, sla } = prepared;
  const code = await nextDocumentCode(tx, principal.organisationId, 'service_request', configuration.codePrefix);
  const id = await insertRequest(tx, {
    code,
    organisationId: principal.organisationId,
    providerId: provider.id,
    receiverType: input.receiverType,
    assetId: target.assetId,
    clusterId: target.assetId ? null : target.clusterId,
    faultId: input.faultId,
    title: input.title,
    description: input.description,
    subjectLabel: `${target.name} ${target.code}`,
    priority: input.priority,
    slaId: sla?.id ?? null,
    slaTitle: sla?.title ?? null,
    responseHours: sla?.responseHours ?? null,
    resolutionHours: sla?.resolutionHours ?? null,
    createdBy: principal.userId,
  });
  if (sla) await scheduleDeadlines(tx, id, ['response', 'resolution']);
  if (input.attachments.length > 0) {
    await attachFiles(tx, fx, principal.organisationId, subjectOf(id), input.attachments, undefined, {
      path: 'attachments',
      label: 'Attachments',
    });
  }
  const params = { code, title: input.title, provider: provider.name };
  fx.activity({ action: 'service_request.sent', params, subject: subjectOf(id) });
  fx.notify({
    event: 'service_request.sent',
    to: providerManagers(provider.id),
    params: { code, title: input.title, owner: await ownerName(tx, principal.organisationId) },
    path: srPath(id),
  });
  return { id, code };
}

async function ownerName(tx: Db, organisationId: string): Promise<string> {
  const result = await tx.execute(sql`select name from organisations where id = ${organisationId}`);
  return (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
}

/** The owner sends a request about its asset or cluster (POST /v2/sr/create). */
export async function send(deps: Deps, principal: Principal, input: SrCreateInput) {
  const request: NewRequest = {
    title: input.title,
    description: input.description,
    priority: input.priority,
    receiverType: input.receiverType,
    provider: input.provider,
    target: { asset: input.asset ?? null, cluster: input.cluster ?? null },
    faultId: null,
    attachments: input.attachments,
  };
  const prepared = await prepare(deps, principal, request);
  return write(deps, principal, (tx, fx) => insertNew(tx, fx, principal, request, prepared), { retriesOnUniqueViolation: 2 });
}

/**
 * The owner raises a request on an open fault (POST /v2/sr/fault/{faultId}): the fault's
 * description, asset and reporter (its image is read through it), and the fault is converted,
 * pointing at the request, in the same transaction (409 unless it awaits the owner).
 */
export async function raiseFromFault(deps: Deps, principal: Principal, faultId: string, input: SrFromFaultInput) {
  const fault = await findFaultToRaise(deps.db, visible(principal, 'fault'), faultId);
  if (!fault || fault.organisationId !== principal.organisationId) throw notFound('fault');
  if (fault.status !== 'awaiting_owner') throw new AppError(409, 'WORKFLOW.STALE', { status: fault.status.replace(/_/g, ' ') });
  const request: NewRequest = {
    title: input.title || `${fault.faultType}: ${fault.assetName}`.slice(0, 150),
    description: fault.description,
    priority: input.priority,
    receiverType: input.receiverType,
    provider: input.provider,
    target: { asset: fault.assetId, cluster: null },
    faultId: fault.id,
    attachments: [],
  };
  const prepared = await prepare(deps, principal, request);
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const created = await insertNew(tx, fx, principal, request, prepared);
      await convertFault(deps, tx, fx, principal, fault.id, { type: 'service_request', id: created.id });
      return created;
    },
    { retriesOnUniqueViolation: 2 },
  );
}

// ---------------------------------------------------------------------------------------------
// The provider's steps

/** The provider accepts a request sent to it: the response clock stops. */
export async function accept(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { request } = await takeStep(tx, principal, id, 'accept', STOP_RESPONSE);
    await dropPendingDeadlines(tx, id, ['response']);
    fx.activity({ action: 'service_request.accepted', params: paramsOf(request), subject: subjectOf(id) });
    await recordFaultWork(deps, tx, fx, request.faultId, 'accepted');
    fx.notify({
      event: 'service_request.accepted',
      to: ownerStaff(request.organisationId),
      params: { ...paramsOf(request), provider: request.providerName },
      path: srPath(id),
    });
  });
}

/** The provider declines a request, with the reason told to the owner: every clock stops. */
export async function decline(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { request } = await takeStep(tx, principal, id, 'decline', { ...STOP_ALL, declineReason: reason });
    await dropPendingDeadlines(tx, id, ['response', 'resolution']);
    fx.activity({ action: 'service_request.declined', params: { ...paramsOf(request), reason }, subject: subjectOf(id) });
    fx.notify({
      event: 'service_request.declined',
      to: ownerStaff(request.organisationId),
      params: { ...paramsOf(request), provider: request.providerName, reason },
      path: srPath(id),
    });
  });
}

/** The provider assigns staff (its active users who report observations); those already assigned stay. */
export async function assign(deps: Deps, principal: Principal, id: string, input: SrAssignInput) {
  await assignStaff(deps, SERVICE_REQUEST_STAFF, principal, id, input.users);
}

// ---------------------------------------------------------------------------------------------
// Observations

/**
 * A staff member assigned to the request (or the provider's manager) submits an observation: the
 * resolution clock pauses until the owner decides. A request already awaiting the owner's
 * decision takes a correction: the new observation supersedes the one waiting (both stay visible).
 */
export async function observe(deps: Deps, principal: Principal, id: string, input: ObservationInput) {
  const current = await findVisibleRequest(deps.db, visible(principal, 'service_request'), id);
  if (!current) throw notFound('service request');
  const configuration = await findSrConfiguration(deps.db, current.organisationId);
  if (input.type === 'not_okay') {
    if (configuration.notOkayNeedsEvidence && input.evidence.length === 0) throw invalidField('evidence', 'SR.OBSERVATION_NEEDS_EVIDENCE');
    if (configuration.notOkayNeedsLine && input.lines.length === 0) throw invalidField('lines', 'SR.OBSERVATION_NEEDS_LINE');
  }
  const lines = await priceLines(deps.db, current.providerId, input.lines, 'SR.PRICEBOOK_ITEM');
  return write(deps, principal, async (tx, fx) => {
    const { request } = await takeStep(
      tx,
      principal,
      id,
      ({ parties }) => (parties.includes('assignee') ? 'observe' : 'observeAsProvider'),
      PAUSE_RESOLUTION,
    );
    await dropPendingDeadlines(tx, id, ['resolution']);
    // What it corrects: the one named (waiting, or rejected), else the one waiting, if any.
    const waiting = await findSubmittedObservation(tx, id);
    let supersedes = waiting?.id ?? null;
    if (input.supersedes) {
      const named = await findObservationOf(tx, id, input.supersedes);
      if (!named || (named.status !== 'submitted' && named.status !== 'rejected')) {
        throw invalidField('supersedes', 'VALIDATION.NOT_VALID', { field: 'Observation' });
      }
      if (waiting && waiting.id !== named.id) await setObservationStatus(tx, waiting.id, ['submitted'], 'superseded');
      supersedes = named.id;
    }
    if (supersedes) await setObservationStatus(tx, supersedes, ['submitted', 'rejected'], 'superseded');
    const observation = await insertObservation(
      tx,
      {
        serviceRequestId: id,
        organisationId: request.providerId,
        submittedBy: principal.userId,
        type: input.type,
        summary: input.summary,
        timeToCompleteHours: input.timeToComplete,
        supersedesId: supersedes,
      },
      lines,
    );
    if (input.evidence.length > 0) {
      await attachFiles(tx, fx, principal.organisationId, { type: 'observation', id: observation.id }, input.evidence, undefined, {
        path: 'evidence',
        label: 'Evidence',
      });
    }
    const params = { code: request.code, type: OBSERVATION_TYPE_LABELS[input.type], total: koboToNaira(observation.totalKobo) };
    fx.activity({ action: 'observation.submitted', params, subject: subjectOf(id) });
    fx.notify({ event: 'observation.submitted', to: ownerStaff(request.organisationId), params, path: srPath(id) });
    return observation;
  });
}

/**
 * The owner decides the observation awaiting it (POST /v2/observation/accept/{_id}): accepting it
 * resolves the request, rejecting it (with a reason) sends the request back to the staff. Either
 * way the resolution clock runs again. (Raising a work order from it is the work order module's,
 * which accepts it through acceptObservationWithin.)
 */
export async function decide(deps: Deps, principal: Principal, observationId: string, input: ObservationDecisionInput) {
  await write(deps, principal, async (tx, fx) => {
    if (input.action !== 'reject') {
      await acceptObservationWithin(tx, fx, principal, observationId);
      return;
    }
    const { request, locked, assignees } = await decideStep(tx, principal, observationId, 'rejectObservation');
    const reason = input.reason ?? '';
    await setObservationStatus(tx, observationId, ['submitted'], 'rejected', { by: principal.userId, reason });
    const params = { code: request.code, reason };
    fx.activity({ action: 'observation.rejected', params, subject: subjectOf(request.id) });
    notifyStaff(fx, 'observation.rejected', request, staffOf(locked, assignees), params);
  });
}

/** The observation's request, its step taken (the resolution clock runs again), inside the caller's write. */
async function decideStep(tx: Db, principal: Principal, observationId: string, action: 'acceptObservation' | 'rejectObservation') {
  const found = await findObservationRequest(tx, visible(principal, 'service_request'), observationId);
  if (!found) throw notFound('observation');
  const locked = await findObservationOf(tx, found.serviceRequestId, observationId);
  if (locked?.status !== 'submitted') throw conflict('SR.OBSERVATION_DECIDED');
  const { request, assignees } = await takeStep(tx, principal, found.serviceRequestId, action, RESUME_RESOLUTION);
  await scheduleDeadlines(tx, request.id, ['resolution']);
  return { request, locked, assignees };
}

const staffOf = (locked: { submittedBy: string | null }, assignees: readonly string[]) => [
  ...new Set([...(locked.submittedBy ? [locked.submittedBy] : []), ...assignees]),
];

function notifyStaff(
  fx: Effects,
  event: 'observation.accepted' | 'observation.rejected',
  request: SrDetailRow,
  staff: readonly string[],
  params: { code: string; reason?: string },
) {
  const shown = { ...params, reason: params.reason ?? '' };
  fx.notify({ event, to: { users: staff }, params: shown, path: srPath(request.id) });
  fx.notify({ event, to: providerManagers(request.providerId), params: shown, path: srPath(request.id) });
}

/**
 * The owner accepts the observation awaiting it, inside the caller's write: the request is
 * resolved and the staff are told. Answers the request and the observation's lines, which a work
 * order raised from it copies unchanged.
 */
export async function acceptObservationWithin(tx: Db, fx: Effects, principal: Principal, observationId: string) {
  const { request, locked, assignees } = await decideStep(tx, principal, observationId, 'acceptObservation');
  await setObservationStatus(tx, observationId, ['submitted'], 'accepted', { by: principal.userId, reason: null });
  const params = { code: request.code };
  fx.activity({ action: 'observation.accepted', params, subject: subjectOf(request.id) });
  notifyStaff(fx, 'observation.accepted', request, staffOf(locked, assignees), params);
  const [observation] = await observationsById(tx, [observationId]);
  return { request, observation: observation!, lines: await linesOf(tx, [observationId]) };
}

// ---------------------------------------------------------------------------------------------
// Closing

/** The owner closes a request (GET or POST /v2/sr/close/{id}); the provider and its staff are told. */
export async function close(deps: Deps, principal: Principal, id: string, note: string | undefined) {
  await write(deps, principal, async (tx, fx) => {
    const { request, assignees } = await takeStep(tx, principal, id, 'close', {
      ...STOP_ALL,
      closedBy: principal.userId,
      closeNote: note || null,
    });
    await dropPendingDeadlines(tx, id, ['response', 'resolution']);
    fx.activity({ action: 'service_request.closed', params: paramsOf(request), subject: subjectOf(id) });
    await recordFaultWork(deps, tx, fx, request.faultId, 'done');
    notifyClosed(fx, request, assignees);
  });
}

/** A closed request is told to the provider's managers and the staff assigned to it. */
export function notifyClosed(
  fx: Effects,
  request: { id: string; code: string; title: string; providerId: string },
  assignees: readonly string[],
) {
  const params = paramsOf(request);
  fx.notify({ event: 'service_request.closed', to: providerManagers(request.providerId), params, path: srPath(request.id) });
  if (assignees.length > 0) fx.notify({ event: 'service_request.closed', to: { users: assignees }, params, path: srPath(request.id) });
}

/** Whether the id is an asset or a fault the caller sees (GET /v2/sr/raised/{id}: anything else is not found). */
export async function assertRaisedTarget(db: Db, principal: Principal, id: string) {
  const [assets, faults] = await Promise.all([visibleIds(db, principal, 'asset', [id]), visibleIds(db, principal, 'fault', [id])]);
  if (assets.size === 0 && faults.size === 0) throw notFound('asset or fault');
}

/** The holder of an asset or cluster (the provider proposed first), if any. */
export async function holderOf(db: Db, ownerId: string, target: { assetId: string | null; clusterId: string | null }) {
  const live = await findLiveAssignmentOfAsset(db, ownerId, target.assetId ?? NOT_ID, target.clusterId);
  return live?.providerId ?? null;
}

/** The request an observation the caller sees belongs to (404 otherwise). */
export async function requestOfObservation(db: Db, principal: Principal, observationId: string) {
  const found = await findObservationRequest(db, visible(principal, 'service_request'), observationId);
  if (!found) throw notFound('observation');
  return found;
}
