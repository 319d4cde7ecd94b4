import type { Language } from '@amp/contracts/account';
import { CLOSED_FAULT_STATUSES, type FaultStatus, OPEN_FAULT_STATUSES } from '@amp/contracts/fault';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { faultReports, faults } from '../../db/schema/fault.js';
import { assetLocationsAs, openFaultCounted } from '../asset/asset.public.js';
import { clusterNamesAs } from '../cluster/cluster.public.js';
import { hasFilesOf } from '../file/file.public.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { organisationNamesAs } from '../registration/registration.public.js';

/** A fault's reads and writes: one fault, its reports (the asset's open-fault counter is the asset module's). */

// The owners' projections, joined under their tables' own names: the list keeps its joins and plan.
const assets = assetLocationsAs('assets');
const clusters = clusterNamesAs('clusters');
const states = stateNamesAs('states');
const owners = organisationNamesAs('owners');
const providers = organisationNamesAs('providers');

/** The columns of a list row and of the detail (the detail adds its own). */
const faultColumns = {
  id: faults.id,
  code: faults.code,
  status: faults.status,
  faultType: faults.faultType,
  description: faults.description,
  asset: { id: assets.id, assetCode: assets.assetCode, name: assets.name },
  cluster: { id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name },
  locationId: faults.locationId,
  source: faults.source,
  reporterName: faults.reporterName,
  reporters: faults.reporters,
  owner: { id: owners.id, name: owners.name },
  provider: { id: providers.id, name: providers.name },
  hasImage: hasFilesOf('fault', faults.id),
  createdAt: faults.createdAt,
  updatedAt: faults.updatedAt,
};

const detailColumns = {
  ...faultColumns,
  organisationId: faults.organisationId,
  providerId: faults.providerId,
  reporterUserId: faults.reporterUserId,
  reporterEmail: faults.reporterEmail,
  reporterPhone: faults.reporterPhone,
  stateAlias: faults.state,
  stateName: states.name,
  lga: faults.lga,
  locationName: assets.locationName,
  reason: faults.reason,
  convertedType: faults.convertedType,
  convertedId: faults.convertedId,
};
/** Faults with what a row and the detail show: the asset, the cluster, the owner, the provider and the state. */
export function selectFaults(db: Db) {
  return db
    .select(detailColumns)
    .from(faults)
    .innerJoin(assets, eq(assets.id, faults.assetId))
    .innerJoin(owners, eq(owners.id, faults.organisationId))
    .leftJoin(clusters, eq(clusters.id, faults.clusterId))
    .leftJoin(providers, eq(providers.id, faults.providerId))
    .leftJoin(states, eq(states.alias, faults.state));
}

/** The same rows with a list page's total riding along (an uncorrelated subquery, computed once); `db` may carry a WITH. */
export function selectFaultsWithTotal(db: Pick<ReturnType<Db['with']>, 'select'>, total: SQL<number>) {
  return db
    .select({ ...detailColumns, total })
    .from(faults)
    .innerJoin(assets, eq(assets.id, faults.assetId))
    .innerJoin(owners, eq(owners.id, faults.organisationId))
    .leftJoin(clusters, eq(clusters.id, faults.clusterId))
    .leftJoin(providers, eq(providers.id, faults.providerId))
    .leftJoin(states, eq(states.alias, faults.state));
}

/** A fault within `visibility` (the access module's condition on "faults"), or nothing: not found. */
export async function findVisibleFault(db: Db, visibility: SQL, id: string) {
  const [row] = await selectFaults(db)
    .where(and(eq(faults.id, id), visibility))
    .limit(1);
  return row;
}

/** The one locked read of a step (the document kernel's): the visible fault with the detail's columns, its row locked. */
export async function lockVisibleFault(tx: Db, visibility: SQL, id: string) {
  const [row] = await selectFaults(tx)
    .where(and(eq(faults.id, id), visibility))
    .limit(1)
    .for('update', { of: faults });
  return row;
}

/** Every report of a fault, oldest first (the first report, then each "+1"). */
export async function reportsOf(db: Db, faultId: string) {
  return db.select().from(faultReports).where(eq(faultReports.faultId, faultId)).orderBy(asc(faultReports.createdAt), asc(faultReports.id));
}

/** The open fault of this type on the asset, locked: a "+1" and a transition on it take turns. */
/** The open statuses as SQL literals: the partial unique index is only inferred from a constant predicate. */
const OPEN_STATUS_PREDICATE = sql.raw(`status in (${OPEN_FAULT_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** A report's row in fault_reports, for the fault the statement's CTE `target` names. */
function reportInsert(target: 'fault' | 'plus_one', report: Omit<typeof faultReports.$inferInsert, 'faultId'>, returning: boolean) {
  return sql`
    insert into ${faultReports} (${sql.identifier('fault_id')}, ${sql.identifier('reporter_user_id')}, ${sql.identifier('name')},
                                 ${sql.identifier('email')}, ${sql.identifier('phone')}, ${sql.identifier('source')}, ${sql.identifier('description')},
                                 ${sql.identifier('language')})
    select ${sql.identifier(target)}.id, ${report.reporterUserId ?? null}::uuid, ${report.name}, ${report.email ?? null}, ${report.phone ?? null},
           ${report.source}, ${report.description}, ${report.language ?? null}
      from ${sql.identifier(target)}${returning ? sql` returning id` : sql``}`;
}

/**
 * A new fault, its first report and (when it starts with the owner) the asset's open-fault count,
 * in one statement; nothing when the asset already has an open fault of this type (its partial
 * unique index, which also settles two reports racing for a new fault: the second waits, then
 * finds the first's). A portal report's transaction holds its locks for fewer round trips.
 */
export async function insertFaultWithReport(
  tx: Db,
  values: typeof faults.$inferInsert,
  report: Omit<typeof faultReports.$inferInsert, 'faultId'>,
  countsOpen: boolean,
): Promise<{ id: string; code: string } | undefined> {
  const fault = tx
    .insert(faults)
    .values(values)
    .onConflictDoNothing({ target: [faults.assetId, faults.faultType], where: OPEN_STATUS_PREDICATE })
    .returning({ id: faults.id, code: faults.code });
  const opened = openFaultCounted(tx, values.assetId, sql`exists (select 1 from fault)`);
  const result = await tx.execute(sql`
    with fault as (${fault.getSQL()}),
         report as (${reportInsert('fault', report, false)})${countsOpen ? sql`, opened as (${opened.getSQL()})` : sql``}
    select id, code from fault`);
  return (result as unknown as { rows: { id: string; code: string }[] }).rows[0];
}

/**
 * A "+1" on the asset's open fault of this type: the reporter's report, and the fault's count of
 * reporters, in one statement (the update locks the fault). Nothing when there is no open fault.
 */
export async function addReportToOpenFault(
  tx: Db,
  assetId: string,
  faultType: string,
  report: Omit<typeof faultReports.$inferInsert, 'faultId'>,
): Promise<{ id: string; code: string; reporters: number; reportId: string } | undefined> {
  const bumped = tx
    .update(faults)
    .set({ reporters: sql`${faults.reporters} + 1`, updatedAt: sql`now()` })
    .where(and(eq(faults.assetId, assetId), eq(faults.faultType, faultType as never), inArray(faults.status, [...OPEN_FAULT_STATUSES])))
    .returning({ id: faults.id, code: faults.code, reporters: faults.reporters });
  const result = await tx.execute(sql`
    with plus_one as (${bumped.getSQL()}),
         report as (${reportInsert('plus_one', report, true)})
    select plus_one.id, plus_one.code, plus_one.reporters, report.id as "reportId" from plus_one, report`);
  return (result as unknown as { rows: { id: string; code: string; reporters: number; reportId: string }[] }).rows[0];
}

/** The first report of a fault (its reporter's own words), changed when the reporter corrects it. */
export async function updateFirstReport(
  tx: Db,
  faultId: string,
  values: { name: string; email: string; phone: string; description: string },
) {
  const [first] = await tx
    .select({ id: faultReports.id })
    .from(faultReports)
    .where(eq(faultReports.faultId, faultId))
    .orderBy(asc(faultReports.createdAt), asc(faultReports.id))
    .limit(1);
  if (first) await tx.update(faultReports).set(values).where(eq(faultReports.id, first.id));
}

/** The portal reporters of a fault (the first report and each "+1") and their languages, to mail when it closes. */
export async function portalReporters(db: Db, faultId: string): Promise<{ email: string; language: Language }[]> {
  const rows = await db
    .select({ email: faultReports.email, language: faultReports.language })
    .from(faultReports)
    .where(and(eq(faultReports.faultId, faultId), eq(faultReports.source, 'portal'), isNotNull(faultReports.email)))
    .orderBy(asc(faultReports.createdAt), asc(faultReports.id));
  // One mail per address, in the language of that address's first report (English before languages were kept).
  const byEmail = new Map<string, Language>();
  for (const row of rows) if (row.email && !byEmail.has(row.email)) byEmail.set(row.email, row.language ?? 'en');
  return [...byEmail].map(([email, language]) => ({ email, language }));
}

/** The signed-in reporters of a fault (the first and each "+1"), to notify of its steps. */
export async function reporterUsers(db: Db, faultId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: faultReports.reporterUserId })
    .from(faultReports)
    .where(and(eq(faultReports.faultId, faultId), isNotNull(faultReports.reporterUserId)));
  return rows.map((r) => r.id!);
}

/** The facts a step's activity and notices need. */
export async function findFaultFacts(db: Db, id: string) {
  const [row] = await db
    .select({
      id: faults.id,
      code: faults.code,
      status: faults.status,
      assetId: faults.assetId,
      assetName: assets.name,
      assetCode: assets.assetCode,
      organisationId: faults.organisationId,
      ownerName: owners.name,
      providerId: faults.providerId,
      reporterUserId: faults.reporterUserId,
      faultType: faults.faultType,
    })
    .from(faults)
    .innerJoin(assets, eq(assets.id, faults.assetId))
    .innerJoin(owners, eq(owners.id, faults.organisationId))
    .where(eq(faults.id, id));
  return row;
}

export const isClosed = (status: FaultStatus) => (CLOSED_FAULT_STATUSES as readonly string[]).includes(status);
