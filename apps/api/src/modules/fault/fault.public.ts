import { type AnyColumn, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { faults } from '../../db/schema/fault.js';
import { qualified } from '../../lib/qualified.js';
import { findVisibleFault } from './fault.repository.js';

/**
 * What other modules may use of faults: converting one into what it became, inside their own
 * write (the service request and work order issues' "raise a ..." calls), and the facts such a
 * call copies from the fault.
 */
export { convert as convertFault, recordFaultWork } from './fault.service.js';

/** A fault the caller sees (the access module's condition on "faults"), as a "raise a ..." call copies it. */
export async function findFaultToRaise(db: Db, visibility: SQL, id: string) {
  const row = await findVisibleFault(db, visibility, id);
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    organisationId: row.organisationId,
    faultType: row.faultType,
    description: row.description,
    assetId: row.asset.id,
    assetName: row.asset.name,
    clusterId: row.cluster?.id ?? null,
  };
}

/** The code of the fault whose id is in `column` (null when there is none). */
export const faultCodeOf = (column: AnyColumn | SQL) => sql<string | null>`(select f.code from faults f where f.id = ${qualified(column)})`;

/** These faults by id (a work order's recalls), oldest first, at most 100. */
export function faultsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: faults.id, code: faults.code, createdAt: faults.createdAt })
    .from(faults)
    .where(inArray(faults.id, [...ids]))
    .orderBy(asc(faults.createdAt))
    .limit(100);
}

/** Who reported the fault whose id is in `column`, as a request raised from it shows them (null when there is none). */
export const faultReporterOf = (column: AnyColumn | SQL) => ({
  faultCode: faultCodeOf(column),
  reporterName: sql<string | null>`(select f.reporter_name from faults f where f.id = ${qualified(column)})`,
  reporterEmail: sql<string | null>`(select f.reporter_email from faults f where f.id = ${qualified(column)})`,
  reporterPhone: sql<string | null>`(select f.reporter_phone from faults f where f.id = ${qualified(column)})`,
});

/**
 * The faults the user whose id is `userId` reported, per status and month of creation (UTC,
 * 'YYYY-MM'), as a query of rows { status, month, total } (faults_reporter_created_idx): a
 * technician's dashboard, one part of its statement, read only when `switchedOn` holds.
 */
export const faultsReportedPerStatusAndMonth = (userId: SQL, switchedOn: SQL) => sql`
        select f.status, to_char(f.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as total
          from faults f
         where ${switchedOn} and f.reporter_user_id = ${userId}
         group by 1, 2`;
