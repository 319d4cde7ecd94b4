import type { ApprovalDocumentType, ApprovalStepStatus } from '@amp/contracts/approval';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { approvalLevelMembers, approvalLevels, approvalSteps } from '../../db/schema/approval.js';
import { staffHolding } from '../user/user.public.js';

const memberIds = sql<
  string[]
>`coalesce((select array_agg(m.user_id order by m.user_id) from approval_level_members m where m.level_id = ${approvalLevels.id}), '{}')`;

/** An owner's levels of a type, in order, with their approvers' ids. */
export async function levelsOf(db: Db, organisationId: string, type: ApprovalDocumentType) {
  return db
    .select({
      id: approvalLevels.id,
      name: approvalLevels.name,
      order: approvalLevels.position,
      maxAmountKobo: approvalLevels.maxKobo,
      approverIds: memberIds,
      updatedAt: approvalLevels.updatedAt,
    })
    .from(approvalLevels)
    .where(and(eq(approvalLevels.organisationId, organisationId), eq(approvalLevels.documentType, type)))
    .orderBy(asc(approvalLevels.position));
}
export type LevelRow = Awaited<ReturnType<typeof levelsOf>>[number];

/**
 * Locks an owner's levels of a type for the rest of the transaction (a transaction-scoped advisory
 * lock on the pair), so two saves cannot both pass the "maximums rise with the order" check.
 */
export async function lockLevels(tx: Db, organisationId: string, type: ApprovalDocumentType) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('approval_levels:' || ${organisationId}::text || ':' || ${type}))`);
}

export async function findLevel(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ id: approvalLevels.id, documentType: approvalLevels.documentType, name: approvalLevels.name })
    .from(approvalLevels)
    .where(and(eq(approvalLevels.id, id), eq(approvalLevels.organisationId, organisationId)))
    .limit(1);
  return row;
}

export async function insertLevel(
  tx: Db,
  values: { organisationId: string; documentType: ApprovalDocumentType; name: string; position: number; maxKobo: number },
  approverIds: readonly string[],
): Promise<string> {
  const [row] = await tx.insert(approvalLevels).values(values).returning({ id: approvalLevels.id });
  await tx.insert(approvalLevelMembers).values(approverIds.map((userId) => ({ levelId: row!.id, userId })));
  return row!.id;
}

export async function updateLevel(
  tx: Db,
  id: string,
  values: { name: string; position: number; maxKobo: number },
  approverIds: readonly string[],
) {
  await tx
    .update(approvalLevels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(approvalLevels.id, id));
  await tx.delete(approvalLevelMembers).where(eq(approvalLevelMembers.levelId, id));
  await tx.insert(approvalLevelMembers).values(approverIds.map((userId) => ({ levelId: id, userId })));
}

export async function deleteLevel(tx: Db, id: string) {
  await tx.delete(approvalLevels).where(eq(approvalLevels.id, id));
}

/**
 * The organisation's active users who may approve documents of a type: its admins and the holders
 * of the type's approver permission; `ids` narrows to those.
 */
export function approverCandidates(db: Db, organisationId: string, permission: string, ids?: readonly string[]) {
  return staffHolding(db, organisationId, [permission], { ids });
}

// ---------------------------------------------------------------------------------------------
// Steps

export interface StepKey {
  type: ApprovalDocumentType;
  documentId: string;
  round: number;
}

/**
 * Counts one more submission of a document; answers the new round. `table` is the documents' table
 * its kind registered (a constant, never input); a document approved by cost counts its rounds in
 * its own `approval_round` column (docs/decisions/0026-document-kernel.md), so the engine imports
 * none of the documents it serves.
 */
export async function nextRound(tx: Db, table: string, documentId: string): Promise<number> {
  const result = await tx.execute(
    sql`update ${sql.identifier(table)} set approval_round = approval_round + 1 where id = ${documentId} returning approval_round as round`,
  );
  return (result as unknown as { rows: { round: number }[] }).rows[0]!.round;
}

export async function insertSteps(
  tx: Db,
  key: StepKey & { organisationId: string },
  levels: readonly LevelRow[],
): Promise<(typeof approvalSteps.$inferSelect)[]> {
  return tx
    .insert(approvalSteps)
    .values(
      levels.map((level, index) => ({
        documentType: key.type,
        documentId: key.documentId,
        organisationId: key.organisationId,
        round: key.round,
        position: index + 1,
        levelId: level.id,
        name: level.name,
        maxKobo: level.maxAmountKobo,
        approverIds: [...level.approverIds],
        status: (index === 0 ? 'pending' : 'waiting') as ApprovalStepStatus,
        askedAt: index === 0 ? sql`now()` : null,
      })),
    )
    .returning();
}

/** The steps of a round, in order, locked: a decision reads them all and changes at most two. */
export async function lockSteps(tx: Db, key: StepKey) {
  return tx
    .select()
    .from(approvalSteps)
    .where(and(eq(approvalSteps.documentType, key.type), eq(approvalSteps.documentId, key.documentId), eq(approvalSteps.round, key.round)))
    .orderBy(asc(approvalSteps.position))
    .for('update');
}
export type StepRow = Awaited<ReturnType<typeof lockSteps>>[number];

/** The steps of a document's round, in order (for the detail: within `visibility`, the access module's condition on "approval_steps"). */
export async function stepsOf(db: Db, key: StepKey, visibility?: SQL) {
  return db
    .select()
    .from(approvalSteps)
    .where(
      and(
        eq(approvalSteps.documentType, key.type),
        eq(approvalSteps.documentId, key.documentId),
        eq(approvalSteps.round, key.round),
        visibility,
      ),
    )
    .orderBy(asc(approvalSteps.position));
}

/** The guarded decision: the step moves from pending only once, whoever else tries at the same moment. */
export async function decidePendingStep(
  tx: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; by: string; reason: string | null; selfApproved: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(approvalSteps)
    .set({
      status: decision.status,
      decidedBy: decision.by,
      decidedAt: sql`now()`,
      reason: decision.reason,
      selfApproved: decision.selfApproved,
    })
    .where(and(eq(approvalSteps.id, id), eq(approvalSteps.status, 'pending')))
    .returning({ id: approvalSteps.id });
  return rows.length > 0;
}

/** The next step's approvers are asked now. */
export async function askStep(tx: Db, id: string) {
  await tx
    .update(approvalSteps)
    .set({ status: 'pending', askedAt: sql`now()` })
    .where(and(eq(approvalSteps.id, id), eq(approvalSteps.status, 'waiting')));
}

/** The steps not decided yet of a document are cancelled (it changed, was rejected or ended). */
export async function cancelOpenSteps(tx: Db, type: ApprovalDocumentType, documentId: string) {
  await tx
    .update(approvalSteps)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(approvalSteps.documentType, type),
        eq(approvalSteps.documentId, documentId),
        inArray(approvalSteps.status, ['pending', 'waiting']),
      ),
    );
}
