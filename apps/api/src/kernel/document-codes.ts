import { sql } from 'drizzle-orm';
import type { Subject } from '../access/registry.js';
import type { Db } from '../db/client.js';
import { codeCounters } from '../db/schema/index.js';

/*
 * The document code counter, a shared engine of the kernel (docs/decisions/0026-document-kernel.md):
 * every document kind with a generated code, and the assets and clusters, draw their numbers here.
 * Its table (code_counters) stays in the shared schema where it always was: moving it would need a
 * migration and buys nothing, the function is the only door to it.
 */

/**
 * The generated codes of an organisation, a sequence per subject that has them (clusters, assets,
 * service requests, work orders, purchase orders, material requests): a new document's counter is
 * named by its subject, so it edits nothing here.
 */
export type CodeKind = Subject;

/**
 * The next number for a generated code of the organisation. The upsert locks the counter row
 * until the caller's transaction ends, so two creates never get the same number; a code the owner
 * typed by hand may still hold it, which the caller checks (and skips).
 */
export async function nextCodeNumber(tx: Db, organisationId: string, kind: CodeKind): Promise<number> {
  const [row] = await tx
    .insert(codeCounters)
    .values({ organisationId, kind, lastValue: 1 })
    .onConflictDoUpdate({
      target: [codeCounters.organisationId, codeCounters.kind],
      set: { lastValue: sql`${codeCounters.lastValue} + 1` },
    })
    .returning({ value: codeCounters.lastValue });
  return row!.value;
}

/** A generated code: its prefix and its number padded to six digits ("WO-000042"). */
export function documentCode(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(6, '0')}`;
}

/** The next generated code of the organisation for this kind, under the counter's lock. */
export async function nextDocumentCode(tx: Db, organisationId: string, kind: CodeKind, prefix: string): Promise<string> {
  return documentCode(prefix, await nextCodeNumber(tx, organisationId, kind));
}
