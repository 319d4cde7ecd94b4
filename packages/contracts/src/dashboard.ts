import { z } from 'zod';
import { CLOSED_FAULT_STATUSES, OPEN_FAULT_STATUSES } from './fault.js';
import { out } from './fields.js';
import { OPEN_PO_STATUSES, PO_TAB_STATUSES } from './purchase-order.js';
import { FINISHED_SR_STATUSES, OPEN_SR_STATUSES } from './service-request.js';
import { OPEN_WO_STATUSES, WO_STATUSES, type WoStatus } from './work-order.js';

/**
 * The dashboards by role (SPEC.md 2.4 and 7 "Dashboard and activity"; issue 12): which statuses
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
