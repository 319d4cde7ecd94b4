import type { ApprovalDocumentType } from '@amp/contracts/approval';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { approvalSettings } from '../../db/schema/approval.js';

/** Whether the organisation requires a second person to approve its documents of the type (no row: no). */
export async function requiresSecondPerson(db: Db, organisationId: string, type: ApprovalDocumentType): Promise<boolean> {
  const [row] = await db
    .select({ required: approvalSettings.requireSecondPerson })
    .from(approvalSettings)
    .where(and(eq(approvalSettings.organisationId, organisationId), eq(approvalSettings.documentType, type)));
  return row?.required ?? false;
}

export async function saveSettings(
  tx: Db,
  organisationId: string,
  type: ApprovalDocumentType,
  values: { requireSecondPerson: boolean; updatedBy: string },
) {
  await tx
    .insert(approvalSettings)
    .values({ organisationId, documentType: type, ...values })
    .onConflictDoUpdate({
      target: [approvalSettings.organisationId, approvalSettings.documentType],
      set: { ...values, updatedAt: sql`now()` },
    });
}
