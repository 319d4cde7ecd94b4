import { holds, type Permission } from '@amp/contracts/permissions';
import { WO_TAB_PERMISSION, type WoTab } from '@amp/contracts/work-order';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { oneSideOfTab, type TabCounter } from '../../access/tab-counter.js';
import { anyOf, readsAsProvider, type Viewer, type ViewerKeys } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    work_order: true;
  }
}

/** Who reads an owner's work orders: its staff who raise, approve, configure or follow them. */
const OWNER_WO_READS: Permission[] = ['manageWO', 'approveWO', 'woConfiguration', 'viewOutgoingWO', 'viewCompletedWO'];
/** Who reads a provider's: its managers (its technicians see the ones assigned to them). */
const PROVIDER_WO_READS: Permission[] = ['viewIncomingWO', 'viewCompletedWO'];

function ownerWorkOrders(viewer: Viewer, keys: ViewerKeys = viewer): SQL | undefined {
  return viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_WO_READS)
    ? sql`"work_orders"."organisation_id" = ${keys.organisationId}`
    : undefined;
}

const readsAsProviderManager = (viewer: Viewer) => readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_WO_READS);

/** A provider reaches a work order once it was sent to it: a draft or one awaiting approval is the owner's alone. */
function providerWorkOrders(viewer: Viewer, keys: ViewerKeys = viewer): SQL | undefined {
  return readsAsProviderManager(viewer)
    ? sql`("work_orders"."provider_id" = ${keys.organisationId} and "work_orders"."sent_at" is not null)`
    : undefined;
}

const assignedWorkOrder = (keys: ViewerKeys) =>
  sql`exists (select 1 from work_order_assignees woa where woa.work_order_id = "work_orders"."id" and woa.user_id = ${keys.userId})`;

/**
 * On the outer "work_orders" row:
 * - the owner's staff holding manageWO, approveWO, woConfiguration, viewOutgoingWO or viewCompletedWO: its work orders;
 * - a provider's managers (viewOrganizationAssignedAsset, or an external technician) holding
 *   viewIncomingWO or viewCompletedWO: those sent to it (never a draft or one awaiting approval);
 * - anyone assigned to a work order: that work order.
 */
function visibleWorkOrders(viewer: Viewer): SQL {
  return anyOf([ownerWorkOrders(viewer), providerWorkOrders(viewer), assignedWorkOrder(viewer)].filter((c): c is SQL => c !== undefined));
}

/**
 * On the outer "work_orders" row: the work orders the viewer sees and is assigned to themselves
 * (the technician's home, whoever the viewer is: a provider's manager sees all its organisation's,
 * but only their own assignments are their day's work).
 */
export function visibleWorkOrdersAssignedToViewer(viewer: Viewer): SQL {
  return sql`(${visibleWorkOrders(viewer)} and ${assignedWorkOrder(viewer)})`;
}

/**
 * visibleWorkOrders narrowed to a list's tab, each reach on its index: Outgoing is the owner's,
 * Incoming the provider's (a technician's: assigned to them), Completed and Certified either.
 * Without the tab's menu permission the list is empty. Statuses are the caller's to add.
 */
export function visibleWorkOrdersIn(viewer: Viewer, tab: WoTab, keys: ViewerKeys = viewer): SQL {
  if (!holds(viewer.permissions, WO_TAB_PERMISSION[tab])) return sql`false`;
  const owner = ownerWorkOrders(viewer, keys);
  const provider = providerWorkOrders(viewer, keys);
  const assigned = provider ?? assignedWorkOrder(keys);
  if (tab === 'outgoing') return owner ?? sql`false`;
  if (tab === 'incoming') return owner && !provider ? sql`false` : assigned;
  return owner ?? assigned;
}

/**
 * When visibleWorkOrdersIn(viewer, tab) is exactly one organisation's work orders on one side,
 * that organisation and side: the unfiltered total and the tab's count then come from
 * work_order_counts (whose provider side counts only what was sent, as the provider's reach).
 */
export function workOrderTabCounter(viewer: Viewer, tab: WoTab): TabCounter | undefined {
  if (!holds(viewer.permissions, WO_TAB_PERMISSION[tab])) return undefined;
  return oneSideOfTab(viewer, tab, { owner: ownerWorkOrders(viewer) !== undefined, provider: providerWorkOrders(viewer) !== undefined });
}

/**
 * Whether a provider's person reaches work orders only through their own assignments (the
 * `assigned` reach of visibleWorkOrdersIn: not the provider's managers). The dashboards count
 * theirs live from the assignee table.
 */
export function reachesOnlyAssignedOrders(viewer: Viewer): boolean {
  if (viewer.organisationKind === 'asset_owner') return false;
  return !readsAsProviderManager(viewer);
}

/** Whether the viewer raises work orders: an owner's staff holding manageWO (a provider's hold it for the menu only). */
export function raisesWorkOrders(viewer: Viewer): boolean {
  return viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, 'manageWO');
}

/**
 * A work order's files and completion photos, the evidence of the observation it was raised from
 * (work_orders.observation_id) and the images of its fault (work_orders.fault_id) are seen by
 * whoever sees the work order.
 */
export const workOrderReach = defineReach({
  subject: 'work_order',
  table: 'work_orders',
  condition: visibleWorkOrders,
  attached: [
    { host: 'file', kind: 'work_order' },
    { host: 'file', kind: 'work_order_completion' },
    { host: 'file', kind: 'observation', through: { parentColumn: 'observation_id' } },
    { host: 'file', kind: 'fault', through: { parentColumn: 'fault_id' } },
    { host: 'activity', kind: 'work_order' },
    { host: 'approval_step', kind: 'wo' },
  ],
});

declare module '../../access/registry.js' {
  interface Subjects {
    work_order_line: true;
  }
}

/** A work order's cost lines are seen by whoever sees the work order. */
export const workOrderLineReach = defineReach({
  subject: 'work_order_line',
  table: 'work_order_lines',
  inherits: [{ parent: 'work_order', column: 'work_order_id' }],
});
