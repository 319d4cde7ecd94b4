import type { ReportFilter } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import { assetVisibleToProvider } from '../../access/assignment-visibility.js';
import type { Principal } from '../../plugins/auth.js';

/**
 * Whose data a report adds up (tenancy in SQL, docs/architecture.md#access-and-tenancy). A report is an organisation's
 * view of its own business, so it reads by organisation, not by the lists' per-user reaches:
 * - an asset owner: its assets, the service requests and work orders it sent, its warehouses and
 *   the purchase orders it bought;
 * - a provider (MRO, IMO, external technician): the assets it holds (assetVisibleToProvider, the
 *   access module's rule), the requests and work orders it received (a work order once sent, as
 *   the access module's provider reach), its warehouses and purchase orders;
 * - a supplier: its warehouses and the purchase orders it received (once sent);
 * - the platform (super admin): everything; `partyId` then narrows to one organisation.
 * `partyId` is the other party (the provider for an owner, the owner for a provider, the supplier
 * on purchase orders). An id in a filter that is not the caller's (another tenant's cluster,
 * provider or warehouse) is only a condition more: it yields an empty report, never an error or
 * another tenant's rows.
 */
export type ReportSide = 'platform' | 'owner' | 'provider' | 'supplier';

export function sideOf(principal: Pick<Principal, 'organisationKind'>): ReportSide {
  switch (principal.organisationKind) {
    case 'platform':
      return 'platform';
    case 'asset_owner':
      return 'owner';
    case 'supplier':
      return 'supplier';
    default:
      return 'provider';
  }
}

export interface ReportCaller {
  side: ReportSide;
  organisationId: string;
}

export const callerOf = (principal: Principal): ReportCaller => ({ side: sideOf(principal), organisationId: principal.organisationId });

export const and = (conditions: SQL[]): SQL => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

/** The range's bounds as instants: from the first day's start to the day after the last (UTC); the days are within 1900-01-01 and 9998-12-31 (contracts' dateField). */
export function rangeOf(filter: ReportFilter): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  if (filter.from) range.from = `${filter.from}T00:00:00.000Z`;
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

/** `column` within the filter's date range. */
export function inRange(column: SQL, filter: ReportFilter): SQL[] {
  const { from, to } = rangeOf(filter);
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${from}::timestamptz`);
  if (to) conditions.push(sql`${column} < ${to}::timestamptz`);
  return conditions;
}

/** On the outer "assets" row (clusters joined as `c`). */
export function assetScope(caller: ReportCaller, filter: ReportFilter): SQL {
  const conditions: SQL[] = [];
  const { side, organisationId } = caller;
  if (side === 'owner') {
    conditions.push(sql`assets.organisation_id = ${organisationId}`);
    if (filter.partyId) conditions.push(assetVisibleToProvider(filter.partyId));
  } else if (side === 'provider') {
    conditions.push(assetVisibleToProvider(organisationId));
    if (filter.partyId) conditions.push(sql`assets.organisation_id = ${filter.partyId}`);
  } else if (side === 'platform') {
    if (filter.partyId) conditions.push(sql`assets.organisation_id = ${filter.partyId}`);
  } else conditions.push(sql`false`);
  if (filter.clusterId) conditions.push(sql`assets.cluster_id = ${filter.clusterId}`);
  if (filter.state) conditions.push(sql`c.state = ${filter.state}`);
  if (filter.categoryId) conditions.push(sql`(assets.category_id = ${filter.categoryId} or assets.sub_category_id = ${filter.categoryId})`);
  return and(conditions);
}

/**
 * On a work order or service request row `t` (its asset joined as `a`, its cluster, the request's
 * own or its asset's, as `c`): the sides' organisation ids and the filters.
 */
export function workScope(caller: ReportCaller, filter: ReportFilter, t: 'wo' | 'sr'): SQL {
  const alias = sql.raw(t);
  const conditions: SQL[] = [];
  const { side, organisationId } = caller;
  if (side === 'owner') {
    conditions.push(sql`${alias}.organisation_id = ${organisationId}`);
    if (filter.partyId) conditions.push(sql`${alias}.provider_id = ${filter.partyId}`);
  } else if (side === 'provider') {
    conditions.push(sql`${alias}.provider_id = ${organisationId}`);
    // A work order reaches its provider once sent (a draft or one awaiting approval is the owner's alone).
    if (t === 'wo') conditions.push(sql`wo.sent_at is not null`);
    if (filter.partyId) conditions.push(sql`${alias}.organisation_id = ${filter.partyId}`);
  } else if (side === 'platform') {
    if (filter.partyId) conditions.push(sql`(${alias}.organisation_id = ${filter.partyId} or ${alias}.provider_id = ${filter.partyId})`);
  } else conditions.push(sql`false`);
  if (filter.clusterId) conditions.push(sql`coalesce(${alias}.cluster_id, a.cluster_id) = ${filter.clusterId}`);
  if (filter.state) conditions.push(sql`c.state = ${filter.state}`);
  if (filter.categoryId) conditions.push(sql`(a.category_id = ${filter.categoryId} or a.sub_category_id = ${filter.categoryId})`);
  conditions.push(...inRange(sql`${alias}.created_at`, filter));
  return and(conditions);
}

/** On the outer "w" (warehouses) row: the caller's own warehouses (everyone's for the platform). */
export function warehouseScope(caller: ReportCaller, filter: ReportFilter): SQL {
  const conditions: SQL[] = [];
  if (caller.side !== 'platform') conditions.push(sql`w.organisation_id = ${caller.organisationId}`);
  else if (filter.partyId) conditions.push(sql`w.organisation_id = ${filter.partyId}`);
  if (filter.warehouseId) conditions.push(sql`w.id = ${filter.warehouseId}`);
  if (filter.state) conditions.push(sql`w.state = ${filter.state}`);
  return and(conditions);
}

/**
 * On a purchase order row `po`: bought by the caller (the supplier in `partyId`), or received by
 * the caller as a supplier once sent (the buyer in `partyId`); for the platform any, `partyId`
 * either side. Only orders that went out (sent) count as spend. The warehouse filters apply to
 * the buyer's receiving warehouse.
 */
export function purchaseScope(caller: ReportCaller, filter: ReportFilter): SQL {
  const conditions: SQL[] = [sql`po.sent_at is not null`, sql`po.status not in ('declined', 'cancelled')`];
  const { side, organisationId } = caller;
  if (side === 'supplier') {
    conditions.push(sql`po.supplier_id = ${organisationId}`);
    if (filter.partyId) conditions.push(sql`po.organisation_id = ${filter.partyId}`);
  } else if (side === 'platform') {
    if (filter.partyId) conditions.push(sql`(po.organisation_id = ${filter.partyId} or po.supplier_id = ${filter.partyId})`);
  } else {
    conditions.push(sql`po.organisation_id = ${organisationId}`);
    if (filter.partyId) conditions.push(sql`po.supplier_id = ${filter.partyId}`);
  }
  if (side !== 'supplier') {
    if (filter.warehouseId) conditions.push(sql`po.warehouse_id = ${filter.warehouseId}`);
    if (filter.state)
      conditions.push(sql`exists (select 1 from warehouses pw where pw.id = po.warehouse_id and pw.state = ${filter.state})`);
  }
  conditions.push(...inRange(sql`po.created_at`, filter));
  return and(conditions);
}
