import {
  APPROVAL_CONFIGURATION_PERMISSION,
  APPROVER_PERMISSION,
  type ApprovalDocumentType,
  type ApprovalLevel,
  type ApprovalLevelInput,
  type ApprovalSettings,
  type ApprovalSettingsInput,
  type ApprovalStep,
  levelsFor,
} from '@amp/contracts/approval';
import type { MessageKey } from '@amp/contracts/messages';
import { koboToNaira } from '@amp/contracts/money';
import { holds } from '@amp/contracts/permissions';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { namesOfUsers } from '../user/user.public.js';
import {
  approverCandidates,
  askStep,
  cancelOpenSteps,
  decidePendingStep,
  deleteLevel,
  findLevel,
  insertLevel,
  insertSteps,
  type LevelRow,
  levelsOf,
  lockLevels,
  lockSteps,
  type StepKey,
  type StepRow,
  stepsOf,
  updateLevel,
} from './approval.repository.js';
import { requiresSecondPerson, saveSettings } from './approval-settings.repository.js';

/** Levels belong to owners (and, for purchase orders, to any buyer): the caller configures its own organisation's. */
function assertConfigures(principal: Principal, type: ApprovalDocumentType) {
  if (!holds(principal.permissions, APPROVAL_CONFIGURATION_PERMISSION[type])) throw forbidden();
  if (type === 'wo' && principal.organisationKind !== 'asset_owner') throw forbidden();
}

function toLevel(type: ApprovalDocumentType, row: LevelRow, names: Map<string, string>): ApprovalLevel {
  return {
    _id: row.id,
    type,
    name: row.name,
    order: row.order,
    maxAmountKobo: row.maxAmountKobo,
    maxAmount: koboToNaira(row.maxAmountKobo),
    approvers: row.approverIds.map((id) => ({ _id: id, name: names.get(id) ?? '' })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /v2/approval/{type}: the caller's organisation's levels, in order (approvers see them too, to know who comes next). */
export async function listLevels(db: Db, principal: Principal, type: ApprovalDocumentType): Promise<ApprovalLevel[]> {
  const rows = await levelsOf(db, principal.organisationId, type);
  const names = await namesOfUsers(
    db,
    rows.flatMap((row) => row.approverIds),
  );
  return rows.map((row) => toLevel(type, row, names));
}

/** GET /v2/approval/settings/{type}: how the caller's organisation approves the type beyond its levels. */
export async function settingsOf(db: Db, principal: Principal, type: ApprovalDocumentType): Promise<ApprovalSettings> {
  return { type, requireSecondPerson: await requiresSecondPerson(db, principal.organisationId, type) };
}

/** PUT /v2/approval/settings/{type}: saved by whoever configures the type's levels, recorded as a change of the configuration. */
export async function changeSettings(deps: Deps, principal: Principal, type: ApprovalDocumentType, input: ApprovalSettingsInput) {
  assertConfigures(principal, type);
  await write(deps, principal, async (tx, fx) => {
    await saveSettings(tx, principal.organisationId, type, { requireSecondPerson: input.requireSecondPerson, updatedBy: principal.userId });
    fx.activity({
      action: input.requireSecondPerson ? 'approval.second_person_required' : 'approval.second_person_waived',
      params: { kind: type },
      subject: { type: 'approval_settings', id: principal.organisationId },
    });
  });
  return settingsOf(deps.db, principal, type);
}

/** The staff the caller may make approvers of a type. */
export async function approverOptions(db: Db, principal: Principal, type: ApprovalDocumentType) {
  assertConfigures(principal, type);
  const rows = await approverCandidates(db, principal.organisationId, APPROVER_PERMISSION[type]);
  return rows.map((row) => ({ _id: row.id, name: `${row.firstName} ${row.lastName}`, role: row.role }));
}

/**
 * The checks a saved level must pass against the others (the caller holds the lock): its order is
 * free, and maximums rise strictly with the order.
 */
function checkAgainst(others: readonly LevelRow[], input: ApprovalLevelInput) {
  if (others.some((level) => level.order === input.order)) throw invalidField('order', 'APPROVAL.ORDER_TAKEN', { order: input.order });
  const rising = others.every((level) =>
    level.order < input.order ? level.maxAmountKobo < input.maxAmount : level.maxAmountKobo > input.maxAmount,
  );
  if (!rising) throw invalidField('maxAmount', 'APPROVAL.MAX_NOT_RISING');
}

async function checkApprovers(db: Db, principal: Principal, type: ApprovalDocumentType, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  const found = await approverCandidates(db, principal.organisationId, APPROVER_PERMISSION[type], wanted);
  if (found.length !== wanted.length) throw invalidField('approvers', 'APPROVAL.APPROVER_NOT_ALLOWED');
  return wanted;
}

/** POST /v2/approval/create/{type}. */
export async function createLevel(deps: Deps, principal: Principal, type: ApprovalDocumentType, input: ApprovalLevelInput) {
  assertConfigures(principal, type);
  const approvers = await checkApprovers(deps.db, principal, type, input.approvers);
  return write(deps, principal, async (tx, fx) => {
    await lockLevels(tx, principal.organisationId, type);
    checkAgainst(await levelsOf(tx, principal.organisationId, type), input);
    const id = await insertLevel(
      tx,
      { organisationId: principal.organisationId, documentType: type, name: input.name, position: input.order, maxKobo: input.maxAmount },
      approvers,
    );
    fx.activity({
      action: 'approval.level_saved',
      params: { name: input.name, max: koboToNaira(input.maxAmount) },
      subject: { type: 'approval_level', id },
    });
    return id;
  });
}

/** POST /v2/approval/update/{_id}: the level keeps its type; work orders already submitted keep their copies. */
export async function changeLevel(deps: Deps, principal: Principal, id: string, input: ApprovalLevelInput) {
  const level = await findLevel(deps.db, principal.organisationId, id);
  if (!level) throw notFound('approval level');
  assertConfigures(principal, level.documentType);
  const approvers = await checkApprovers(deps.db, principal, level.documentType, input.approvers);
  await write(deps, principal, async (tx, fx) => {
    await lockLevels(tx, principal.organisationId, level.documentType);
    const others = (await levelsOf(tx, principal.organisationId, level.documentType)).filter((row) => row.id !== id);
    checkAgainst(others, input);
    await updateLevel(tx, id, { name: input.name, position: input.order, maxKobo: input.maxAmount }, approvers);
    fx.activity({
      action: 'approval.level_saved',
      params: { name: input.name, max: koboToNaira(input.maxAmount) },
      subject: { type: 'approval_level', id },
    });
  });
  return level.documentType;
}

/** POST /v2/approval/delete/{id}: the levels left still rise (removing one cannot break the order). */
export async function removeLevel(deps: Deps, principal: Principal, id: string) {
  const level = await findLevel(deps.db, principal.organisationId, id);
  if (!level) throw notFound('approval level');
  assertConfigures(principal, level.documentType);
  await write(deps, principal, async (tx, fx) => {
    await lockLevels(tx, principal.organisationId, level.documentType);
    await deleteLevel(tx, id);
    fx.activity({ action: 'approval.level_deleted', params: { name: level.name }, subject: { type: 'approval_level', id } });
  });
  return level.documentType;
}

// ---------------------------------------------------------------------------------------------
// The engine

/**
 * Copies the levels that apply to a total into the document as the steps of a new round, the
 * first one asked now. No level at all: no steps (the document needs no approval). A total above
 * the highest maximum: 400 on its lines, with the highest level named.
 */
export async function startApproval(tx: Db, key: StepKey & { organisationId: string; totalKobo: number }): Promise<StepRow[]> {
  const levels = await levelsOf(tx, key.organisationId, key.type);
  const applying = levelsFor(levels, key.totalKobo);
  if (!applying) {
    const highest = levels[levels.length - 1]!;
    throw invalidField('lines', 'APPROVAL.ABOVE_HIGHEST', {
      total: koboToNaira(key.totalKobo),
      level: highest.name,
      max: koboToNaira(highest.maxAmountKobo),
    });
  }
  if (applying.length === 0) return [];
  return insertSteps(tx, key, applying);
}

/** The words of a refused decision, per document (a work order's or a purchase order's). */
const REFUSALS: Record<ApprovalDocumentType, Record<'earlier' | 'notApprover' | 'own' | 'secondPerson' | 'nothing', MessageKey>> = {
  wo: {
    earlier: 'APPROVAL.EARLIER_LEVEL',
    notApprover: 'APPROVAL.NOT_APPROVER',
    own: 'APPROVAL.OWN_DOCUMENT',
    secondPerson: 'APPROVAL.SECOND_PERSON',
    nothing: 'APPROVAL.NOTHING_PENDING',
  },
  po: {
    earlier: 'PO.EARLIER_LEVEL',
    notApprover: 'PO.NOT_APPROVER',
    own: 'PO.OWN_DOCUMENT',
    secondPerson: 'PO.SECOND_PERSON',
    nothing: 'PO.NOTHING_PENDING',
  },
};

export type Decision =
  | { outcome: 'advanced'; step: StepRow; next: StepRow }
  | { outcome: 'approved'; step: StepRow }
  | { outcome: 'rejected'; step: StepRow };

/** Who wrote a document: whoever created it and whoever last changed its lines or terms. */
export interface DocumentAuthors {
  createdBy: string | null;
  changedBy: string | null;
}

export const isAuthor = (userId: string, authors: DocumentAuthors) => userId === authors.createdBy || userId === authors.changedBy;

/**
 * Segregation of duties (docs/product.md "Who may approve"): one of the step's approvers may
 * approve, but not one who created or last changed the document while the level has an approver
 * who did neither. Where every approver of the level is an author (a lone approver who raised it),
 * the author approves, recorded as such, unless the organisation requires a second person always.
 */
export function mayApprove(
  userId: string,
  authors: DocumentAuthors,
  approverIds: readonly string[],
  requireSecondPerson: boolean,
): boolean {
  if (!approverIds.includes(userId)) return false;
  if (!isAuthor(userId, authors)) return true;
  if (requireSecondPerson) return false;
  return approverIds.every((id) => isAuthor(id, authors));
}

/** Whether the user may approve the document's pending step now: mayApprove with the organisation's setting (the detail's actions). */
export async function mayApproveNow(
  db: Db,
  document: { type: ApprovalDocumentType; organisationId: string } & DocumentAuthors,
  userId: string,
  approverIds: readonly string[],
): Promise<boolean> {
  if (!approverIds.includes(userId)) return false;
  const required = isAuthor(userId, document) && (await requiresSecondPerson(db, document.organisationId, document.type));
  return mayApprove(userId, document, approverIds, required);
}

/**
 * One approver's decision on a document's pending step, exact under concurrency: the round's steps
 * are locked, so of two approvers of the same level at the same moment the second sees the step
 * decided (409); a member of a later level meets the earlier one still pending (409); anyone else
 * is refused (403); a document never submitted has nothing pending (409). The creator approves
 * only as the level's only approver (recorded as such).
 */
export async function decideStep(
  tx: Db,
  key: StepKey,
  decision: { userId: string; authors: DocumentAuthors; approve: boolean; reason: string | null },
): Promise<Decision> {
  const refusal = REFUSALS[key.type];
  // Never submitted: no round, nothing to decide.
  if (key.round === 0) throw new AppError(409, refusal.nothing);
  const steps = await lockSteps(tx, key);
  const index = steps.findIndex((step) => step.status === 'pending');
  const pending = steps[index];
  if (!pending) {
    const decided = steps.find((step) => step.approverIds.includes(decision.userId) && step.status === 'approved');
    if (decided) throw await alreadyApproved(tx, decided);
    throw new AppError(409, refusal.nothing);
  }
  if (!pending.approverIds.includes(decision.userId)) {
    const earlier = steps.slice(0, index).find((step) => step.approverIds.includes(decision.userId) && step.status === 'approved');
    if (earlier) throw await alreadyApproved(tx, earlier);
    if (steps.slice(index + 1).some((step) => step.approverIds.includes(decision.userId))) {
      throw new AppError(409, refusal.earlier, { level: pending.name });
    }
    throw new AppError(403, refusal.notApprover, { level: pending.name });
  }
  const own = isAuthor(decision.userId, decision.authors);
  if (decision.approve && !mayApprove(decision.userId, decision.authors, pending.approverIds, false)) {
    throw new AppError(403, refusal.own, { level: pending.name });
  }
  if (decision.approve && own && (await requiresSecondPerson(tx, pending.organisationId, key.type))) {
    throw new AppError(403, refusal.secondPerson, { level: pending.name });
  }
  const decided = await decidePendingStep(tx, pending.id, {
    status: decision.approve ? 'approved' : 'rejected',
    by: decision.userId,
    reason: decision.approve ? null : decision.reason,
    selfApproved: decision.approve && own,
  });
  // The lock makes this a formality; kept so the guard holds even without it.
  if (!decided) throw new AppError(409, refusal.nothing);
  if (!decision.approve) {
    await cancelOpenSteps(tx, key.type, key.documentId);
    return { outcome: 'rejected', step: pending };
  }
  const next = steps[index + 1];
  if (!next) return { outcome: 'approved', step: pending };
  await askStep(tx, next.id);
  return { outcome: 'advanced', step: pending, next };
}

async function alreadyApproved(db: Db, step: StepRow) {
  const names = await namesOfUsers(db, step.decidedBy ? [step.decidedBy] : []);
  return new AppError(409, 'APPROVAL.ALREADY_APPROVED', { level: step.name, name: names.get(step.decidedBy ?? '') ?? '' });
}

/** The steps of a document's round as the detail shows them. */
export async function stepAnswers(db: Db, visibility: SQL, key: StepKey): Promise<ApprovalStep[]> {
  if (key.round === 0) return [];
  const rows = await stepsOf(db, key, visibility);
  const names = await namesOfUsers(
    db,
    rows.flatMap((row) => [...row.approverIds, ...(row.decidedBy ? [row.decidedBy] : [])]),
  );
  return rows.map((row) => ({
    _id: row.id,
    order: row.position,
    name: row.name,
    maxAmountKobo: row.maxKobo,
    maxAmount: koboToNaira(row.maxKobo),
    status: row.status,
    approvers: row.approverIds.map((id) => ({ _id: id, name: names.get(id) ?? '' })),
    askedAt: row.askedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ? { _id: row.decidedBy, name: names.get(row.decidedBy) ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    selfApproved: row.selfApproved,
  }));
}

export { cancelOpenSteps as cancelApproval };
