import { holds, type Permission } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import type { Viewer, ViewerKeys } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    warehouse: true;
  }
}

/**
 * Who reads an organisation's warehouses and their stock: its staff who keep or view them, and
 * those who request materials from them (staff holding manageWO: its technicians). Another
 * organisation never does; a supplier's goods reach a buyer through purchase orders only.
 */
export const WAREHOUSE_READS: Permission[] = ['viewWarehouse', 'manageWarehouse', 'manageWO'];

/** On the outer "warehouses" row (`keys`: placeholders, in a statement prepared once per shape). */
export function visibleWarehouses(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  return holds(viewer.permissions, WAREHOUSE_READS) ? sql`"warehouses"."organisation_id" = ${keys.organisationId}` : sql`false`;
}

/**
 * Whether the viewer moves a warehouse's stock and decides its requests (`warehouseId`: an SQL
 * expression naming the warehouse): holding manageWarehouse, as one of its managers or as the
 * organisation's admin. Reading is visibleWarehouses'.
 */
export function managesWarehouse(viewer: Viewer & { isOrgAdmin: boolean }, warehouseId: SQL): SQL {
  if (!holds(viewer.permissions, 'manageWarehouse')) return sql`false`;
  const managers = sql`exists (select 1 from warehouse_managers wm where wm.warehouse_id = ${warehouseId} and wm.user_id = ${viewer.userId})`;
  return viewer.isOrgAdmin
    ? sql`exists (select 1 from warehouses w where w.id = ${warehouseId} and w.organisation_id = ${viewer.organisationId})`
    : managers;
}

export const warehouseReach = defineReach({ subject: 'warehouse', table: 'warehouses', condition: (viewer) => visibleWarehouses(viewer) });
