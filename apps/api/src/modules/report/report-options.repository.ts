import type { ReportId, ReportOptions } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import { clusterVisibleToProvider } from '../../access/assignment-visibility.js';
import type { Db } from '../../db/client.js';
import type { ReportCaller } from './report-scope.js';
import { rowsOf } from './report-sql.js';

/** Each list of options stops here (the contract's cap). */
const MAX_OPTIONS = 2000;

type Option = { _id: string; name: string };

const optionsOf = (db: Db, query: SQL) => rowsOf<Option>(db, sql`${query} order by 2, 1 limit ${MAX_OPTIONS}`);

/** The clusters the caller's assets and work sit in: an owner's own, those a provider holds (whole or through an asset). */
function clusterCondition(caller: ReportCaller): SQL {
  if (caller.side === 'platform') return sql`true`;
  if (caller.side === 'owner') return sql`clusters.organisation_id = ${caller.organisationId}`;
  if (caller.side === 'supplier') return sql`false`;
  return sql`(${clusterVisibleToProvider(caller.organisationId)} or exists (select 1 from asset_assignments aa
    join assets ca on ca.id = aa.asset_id where aa.revoked_at is null and aa.provider_id = ${caller.organisationId} and ca.cluster_id = clusters.id))`;
}

/** The other parties: providers an owner works with, owners a provider works for, suppliers a buyer buys from (or buyers of a supplier). */
function partyIds(report: ReportId, caller: ReportCaller): SQL {
  const id = caller.organisationId;
  if (report === 'warehouse') {
    if (caller.side === 'platform') return sql`select organisation_id from warehouses`;
    if (caller.side === 'supplier')
      return sql`select organisation_id from purchase_orders where supplier_id = ${id} and sent_at is not null`;
    return sql`select supplier_id from purchase_orders where organisation_id = ${id}`;
  }
  if (caller.side === 'platform') {
    return report === 'asset'
      ? sql`select id from organisations where kind = 'asset_owner'`
      : sql`select id from organisations where kind in ('asset_owner', 'mro', 'imo', 'external_technician')`;
  }
  if (caller.side === 'owner') {
    return sql`select provider_id from work_orders where organisation_id = ${id}
      union select provider_id from service_requests where organisation_id = ${id}
      union select provider_id from asset_assignments where owner_id = ${id} and revoked_at is null`;
  }
  if (caller.side === 'provider') {
    return sql`select organisation_id from work_orders where provider_id = ${id} and sent_at is not null
      union select organisation_id from service_requests where provider_id = ${id}
      union select owner_id from asset_assignments where provider_id = ${id} and revoked_at is null`;
  }
  return sql`select null::uuid where false`;
}

/** What each report's filter dropdowns offer the caller (GET /v2/report/{report}/options). */
export async function reportOptions(db: Db, report: ReportId, caller: ReportCaller): Promise<ReportOptions> {
  const work = report !== 'warehouse';
  const warehouseCondition = caller.side === 'platform' ? sql`true` : sql`warehouses.organisation_id = ${caller.organisationId}`;
  const [clusters, categories, parties, warehouses, states] = await Promise.all([
    work ? optionsOf(db, sql`select id as "_id", name from clusters where ${clusterCondition(caller)}`) : [],
    work ? optionsOf(db, sql`select id as "_id", name from categories`) : [],
    optionsOf(db, sql`select id as "_id", name from organisations where id in (${partyIds(report, caller)})`),
    work ? [] : optionsOf(db, sql`select id as "_id", name from warehouses where ${warehouseCondition}`),
    rowsOf<{ alias: string; name: string }>(
      db,
      work
        ? sql`select s.alias, s.name from states s where s.alias in (select clusters.state from clusters where ${clusterCondition(caller)}) order by s.name limit 40`
        : sql`select s.alias, s.name from states s where s.alias in (select warehouses.state from warehouses where ${warehouseCondition}) order by s.name limit 40`,
    ),
  ]);
  return { clusters, categories, states, parties, warehouses };
}
