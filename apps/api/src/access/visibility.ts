import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ACCESS } from './reaches.js';
import type { Subject } from './registry.js';
import type { Viewer } from './viewer.js';

/**
 * THE answer to "may this principal see these records" (decision 0011): one SQL condition per
 * subject on the outer table of that name, for repositories to fold into their queries, so a
 * record outside it is simply not found (404), exactly like another tenant's. How far each subject
 * reaches is written in its own module and registered in reaches.ts (decision 0027); records
 * attached to another (files) are seen with it.
 */
export function visible(viewer: Viewer, subject: Subject): SQL {
  return ACCESS.condition(viewer, subject);
}

/** Which of these ids of a subject the viewer sees (the others: not found). */
export async function visibleIds(db: Db, viewer: Viewer, subject: Subject, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = ACCESS.table(subject);
  const result = await db.execute(
    sql`select "${sql.raw(table)}"."id" as id from ${sql.raw(`"${table}"`)} where "${sql.raw(table)}"."id" in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${visible(viewer, subject)}`,
  );
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
}

// What every reader needs beside the door: who asks, the placeholders of a shared list shape, an organisation's own records.
export { type OwnedSubject, ownedBy, visibleOwn } from './owned.js';
export type { Subject } from './registry.js';
export { VIEWER_KEYS, type Viewer, type ViewerKeys } from './viewer.js';
