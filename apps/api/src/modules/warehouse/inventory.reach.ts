import { holds } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import type { Viewer, ViewerKeys } from '../../access/viewer.js';
import { WAREHOUSE_READS } from './warehouse.reach.js';

declare module '../../access/registry.js' {
  interface Subjects {
    inventory_item: true;
  }
}

/** On the outer "inventory_items" row: the items of the warehouses the viewer reads (their organisation_id is the warehouse's). */
export function visibleInventoryItems(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  return holds(viewer.permissions, WAREHOUSE_READS) ? sql`"inventory_items"."organisation_id" = ${keys.organisationId}` : sql`false`;
}

export const inventoryItemReach = defineReach({
  subject: 'inventory_item',
  table: 'inventory_items',
  condition: (viewer) => visibleInventoryItems(viewer),
});
