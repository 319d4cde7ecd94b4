import { z } from 'zod';
import { CLOSED_FAULT_STATUSES, OPEN_FAULT_STATUSES } from './fault.js';
import { out } from './fields.js';
import { OPEN_PO_STATUSES, PO_TAB_STATUSES } from './purchase-order.js';
import { FINISHED_SR_STATUSES, OPEN_SR_STATUSES, SR_PRIORITIES, SR_STATUSES, type SrStatus } from './service-request.js';
import { SLA_CLOCK_STATES } from './sla-clock.js';
import { OPEN_WO_STATUSES, WO_STATUSES, WO_TAB_STATUSES, type WoStatus } from './work-order.js';

/**
 * The dashboards by role (docs/product.md#dashboard; issue 12): which statuses
 * count as opened and as closed, and the answers of GET /v2/activities/dashboard/sr-wo and
 * GET /v2/dashboard-supplier. The super admin's is superAdminDashboardSchema (user.ts).
 */

/** Months of the charts, oldest first. */
export const DASHBOARD_MONTHS = 12;

export const DASHBOARD_OPEN_SR = OPEN_SR_STATUSES;
export const DASHBOARD_CLOSED_SR = FINISHED_SR_STATUSES;
/**
 * Work orders: opened are OPEN_WO_STATUSES (those the owner may still end; a draft and one awaiting
 * approval count for the owner, the provider never has them); closed is every other status, i.e.
 * done by the provider (completed, either side's certification, certified, closed) or stopped
 * (declined, ended).
 */
export const DASHBOARD_OPEN_WO = OPEN_WO_STATUSES;
export const DASHBOARD_CLOSED_WO: readonly WoStatus[] = WO_STATUSES.filter(
  (status) => !(OPEN_WO_STATUSES as readonly WoStatus[]).includes(status),
);
export const DASHBOARD_OPEN_FAULTS = OPEN_FAULT_STATUSES;
export const DASHBOARD_CLOSED_FAULTS = CLOSED_FAULT_STATUSES;
export const DASHBOARD_OPEN_PO = OPEN_PO_STATUSES;
/** Closed purchase orders: the Completed list's (closed, declined, cancelled). */
export const DASHBOARD_CLOSED_PO = PO_TAB_STATUSES.completed;

const monthly = () => z.array(out.count()).max(DASHBOARD_MONTHS);
const categories = () => z.array(out.text(20)).max(DASHBOARD_MONTHS);

/**
 * GET /v2/activities/dashboard/sr-wo: the caller's side's records now opened and closed, and those
 * created each month (any status), the last 12 months, oldest first, with the months' labels.
 */
export const workDashboardSchema = z
  .object({
    openedSr: out.count(),
    closedSr: out.count(),
    openedWo: out.count(),
    closedWo: out.count(),
    openedFaults: out.count(),
    closedFaults: out.count(),
    openedPO: out.count(),
    closedPO: out.count(),
    srData: monthly(),
    woData: monthly(),
    poData: monthly(),
    categories: categories(),
  })
  .meta({ id: 'WorkDashboard' });
export type WorkDashboard = z.infer<typeof workDashboardSchema>;

/**
 * GET /v2/dashboard-supplier: purchase orders sent to the supplier (never a draft or one awaiting
 * approval). received: all of them; accepted: accepted or partly received; toDispatch: accepted or
 * partly received with something still to dispatch; delivered: closed; declined: declined. Per month
 * (of creation): their value (kobo) and their number.
 */
export const supplierDashboardSchema = z
  .object({
    received: out.count(),
    accepted: out.count(),
    toDispatch: out.count(),
    delivered: out.count(),
    declined: out.count(),
    valueData: z.array(out.bigCount()).max(DASHBOARD_MONTHS),
    poData: monthly(),
    categories: categories(),
  })
  .meta({ id: 'SupplierDashboard' });
export type SupplierDashboard = z.infer<typeof supplierDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// The technician's home (docs/product.md "The technician's home")

/**
 * The work orders and service requests still on an assignee's hands: their Incoming lists' open
 * statuses, less those where the assignee's part is over (a request whose observation the owner
 * accepted is resolved: only the owner's close is left).
 */
export const MY_WORK_WO_STATUSES: readonly WoStatus[] = WO_TAB_STATUSES.incoming.filter(
  // Sent and accepted orders have nobody assigned yet.
  (status) => status !== 'sent' && status !== 'accepted',
);
export const MY_WORK_SR_STATUSES: readonly SrStatus[] = OPEN_SR_STATUSES.filter((status) => status !== 'resolved');

/** The most items the home lists: a person's open work is a handful; past this the Incoming lists page it. */
export const MY_WORK_LIMIT = 100;

const refWithCode = (code: string) => z.object({ _id: out.id(), [code]: out.text(100), name: out.text(300) });

/**
 * One item of GET /v2/dashboard/my-work: a work order or a service request assigned to the caller,
 * with where it is (the asset, and the site: the cluster of the record or of its asset, and the
 * asset's location) and when it is due. `sla` is the resolution clock's state (slaClock, the one
 * rule; the lists' SLA filter reads the same clock), null without an SLA; `dueAt` is that clock's
 * due time, or else a work order's due date at the end of that day in Lagos; null when neither.
 */
export const myWorkItemSchema = z
  .object({
    kind: z.enum(['wo', 'sr']),
    _id: out.id(),
    code: out.text(20),
    title: out.text(150),
    status: z.union([z.enum(WO_STATUSES), z.enum(SR_STATUSES)]),
    priority: z.enum(SR_PRIORITIES),
    asset: refWithCode('assetID').nullable(),
    site: z.object({
      cluster: z.object({ _id: out.id(), clusterID: out.text(100), name: out.text(300) }).nullable(),
      location: out.text(300).nullable(),
    }),
    sla: z.enum(SLA_CLOCK_STATES).nullable(),
    /** The resolution clock is paused (a request waiting on the owner's decision). */
    paused: z.boolean(),
    dueAt: out.timestamp().nullable(),
  })
  .meta({ id: 'MyWorkItem' });
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

/** GET /v2/dashboard/my-work: breached first, then by due time (none last), then by code. */
export const myWorkSchema = z
  .array(myWorkItemSchema)
  .max(2 * MY_WORK_LIMIT)
  .meta({ id: 'MyWork' });
export type MyWork = z.infer<typeof myWorkSchema>;

/** The order of the home's list: breached first, then the soonest due (none last), then by code. */
export function compareMyWork(a: MyWorkItem, b: MyWorkItem): number {
  const breached = Number(b.sla === 'breached') - Number(a.sla === 'breached');
  if (breached !== 0) return breached;
  const due = (item: MyWorkItem) => (item.dueAt ? Date.parse(item.dueAt) : Number.POSITIVE_INFINITY);
  const byDue = due(a) - due(b);
  if (byDue !== 0 && !Number.isNaN(byDue)) return byDue;
  return a.code.localeCompare(b.code);
}
