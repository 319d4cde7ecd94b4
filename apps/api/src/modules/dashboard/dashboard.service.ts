import {
  compareMyWork,
  DASHBOARD_CLOSED_FAULTS,
  DASHBOARD_CLOSED_PO,
  DASHBOARD_CLOSED_SR,
  DASHBOARD_CLOSED_WO,
  DASHBOARD_OPEN_FAULTS,
  DASHBOARD_OPEN_PO,
  DASHBOARD_OPEN_SR,
  DASHBOARD_OPEN_WO,
  MY_WORK_LIMIT,
  MY_WORK_SR_STATUSES,
  MY_WORK_WO_STATUSES,
  type MyWork,
  type MyWorkItem,
  type SupplierDashboard,
  type WorkDashboard,
} from '@amp/contracts/dashboard';
import { SUPPLYING_PO_STATUSES } from '@amp/contracts/purchase-order';
import type { SlaClockState } from '@amp/contracts/sla-clock';
import type { SuperAdminDashboard } from '@amp/contracts/user';
import type { Viewer } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { DashboardSubject } from '../../db/schema/dashboard.js';
import type { Deps } from '../../deps.js';
import type { Principal } from '../../plugins/auth.js';
import type { SiteCluster } from '../asset/asset.public.js';
import { assignedOpenRequests, reachesOnlyAssignedRequests } from '../service-request/service-request.public.js';
import { assignedOpenOrders, reachesOnlyAssignedOrders } from '../work-order/work-order.public.js';
import { superAdminFiguresOf, supplierDashboardRows, workDashboardRows } from './dashboard.repository.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last `count` calendar months (UTC) up to and including the one of `now`, oldest first. */
export function lastMonths(now: Date, count = 12): { key: string; label: string; start: Date }[] {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    const month = start.getUTCMonth();
    return {
      key: `${start.getUTCFullYear()}-${String(month + 1).padStart(2, '0')}`,
      label: `${MONTHS[month]} ${start.getUTCFullYear()}`,
      start,
    };
  });
}

export async function superAdminDashboard(deps: Pick<Deps, 'db' | 'jobs'>, now = new Date()): Promise<SuperAdminDashboard> {
  const { db } = deps;
  const months = lastMonths(now);
  // The job queue's count runs beside the figures' one statement: pg-boss owns its tables and their schema.
  const [figures, failedJobs] = await Promise.all([superAdminFiguresOf(db, months[0]!.start), deps.jobs.countFailed()]);
  const { byKind, technician, pending, failedMail } = figures;
  const kind = (k: string) => byKind[k] ?? 0;
  return {
    ao: kind('asset_owner'),
    mro: kind('mro'),
    imo: kind('imo'),
    extTechnician: kind('external_technician'),
    technician,
    supplier: kind('supplier'),
    pending,
    failedMail,
    failedJobs,
    userData: months.map((m) => figures.perMonth[m.key] ?? 0),
    categories: months.map((m) => m.label),
  };
}

/** Records of one subject per status and month ('YYYY-MM'), from dashboard_counts or counted live. */
interface CountRow {
  status: string;
  month: string;
  total: number;
  valueKobo?: number;
}

/** What the dashboard shows of one subject: now opened, now closed, created per month (any status). */
function tally(rows: readonly CountRow[], open: readonly string[], closed: readonly string[], months: readonly { key: string }[]) {
  let opened = 0;
  let finished = 0;
  const perMonth = new Map<string, number>();
  for (const row of rows) {
    if (open.includes(row.status)) opened += row.total;
    else if (closed.includes(row.status)) finished += row.total;
    perMonth.set(row.month, (perMonth.get(row.month) ?? 0) + row.total);
  }
  return { opened, closed: finished, data: months.map((m) => perMonth.get(m.key) ?? 0) };
}

/**
 * GET /v2/activities/dashboard/sr-wo, for the caller's side (docs/product.md#dashboard):
 * - an asset owner's staff: what the owner sent (service requests, work orders, its faults);
 * - a provider's managers: what was sent to it (and the faults on what it holds);
 * - a provider's technician (reachesOnlyAssignedRequests and reachesOnlyAssignedOrders, those
 *   documents' reach): the requests and work orders assigned to them and the faults they
 *   reported, counted live (a person's own are few);
 * and the purchase orders the organisation bought (none for a technician). An organisation's
 * figures are the summary rows (dashboard_counts), never a count of its records.
 */
export async function workDashboard(db: Db, viewer: Viewer, now = new Date()): Promise<WorkDashboard> {
  const months = lastMonths(now);
  const srAssigned = reachesOnlyAssignedRequests(viewer);
  const woAssigned = reachesOnlyAssignedOrders(viewer);
  const technician = srAssigned && woAssigned;
  const side = viewer.organisationKind === 'asset_owner' ? 'owner' : 'provider';
  const rows = await workDashboardRows(db, {
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    side,
    since: months[0]!.start,
    counts: !technician,
    assignedSr: srAssigned,
    assignedWo: woAssigned,
    reportedFaults: technician,
  });
  const own = (subject: DashboardSubject) => rows.counts.filter((row) => row.side === side && row.subject === subject);
  const bought = rows.counts.filter((row) => row.side === 'buyer' && row.subject === 'po');
  const sr = tally(srAssigned ? rows.sr : own('sr'), DASHBOARD_OPEN_SR, DASHBOARD_CLOSED_SR, months);
  const wo = tally(woAssigned ? rows.wo : own('wo'), DASHBOARD_OPEN_WO, DASHBOARD_CLOSED_WO, months);
  const fault = tally(technician ? rows.fault : own('fault'), DASHBOARD_OPEN_FAULTS, DASHBOARD_CLOSED_FAULTS, months);
  const po = tally(bought, DASHBOARD_OPEN_PO, DASHBOARD_CLOSED_PO, months);
  return {
    openedSr: sr.opened,
    closedSr: sr.closed,
    openedWo: wo.opened,
    closedWo: wo.closed,
    openedFaults: fault.opened,
    closedFaults: fault.closed,
    openedPO: po.opened,
    closedPO: po.closed,
    srData: sr.data,
    woData: wo.data,
    poData: po.data,
    categories: months.map((m) => m.label),
  };
}

/** GET /v2/dashboard-supplier: the purchase orders sent to the supplier (its side of dashboard_counts counts only those). */
export async function supplierDashboard(db: Db, viewer: Viewer, now = new Date()): Promise<SupplierDashboard> {
  const months = lastMonths(now);
  const { rows, toDispatch } = await supplierDashboardRows(db, viewer.organisationId, months[0]!.start);
  const inStatus = (statuses: readonly string[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.total, 0);
  const count = new Map<string, number>();
  const value = new Map<string, number>();
  for (const row of rows) {
    count.set(row.month, (count.get(row.month) ?? 0) + row.total);
    value.set(row.month, (value.get(row.month) ?? 0) + (row.valueKobo ?? 0));
  }
  return {
    received: rows.reduce((sum, row) => sum + row.total, 0),
    accepted: inStatus(SUPPLYING_PO_STATUSES),
    toDispatch,
    delivered: inStatus(['closed']),
    declined: inStatus(['declined']),
    valueData: months.map((m) => value.get(m.key) ?? 0),
    poData: months.map((m) => count.get(m.key) ?? 0),
    categories: months.map((m) => m.label),
  };
}

/** The end of a calendar day in Lagos (UTC+1, no daylight saving), when a work order's due date runs out. */
function endOfLagosDay(date: string): string {
  return new Date(`${date}T23:59:59.999+01:00`).toISOString();
}

/** A work order or a request as its module's summary answers it, with its site. */
interface OpenWork {
  summary: {
    _id: string;
    code: string;
    title: string;
    status: MyWorkItem['status'];
    priority: MyWorkItem['priority'];
    asset: MyWorkItem['asset'];
    resolution: { state: SlaClockState; paused: boolean; dueAt: string } | null;
    dueDate?: string | null;
  };
  site: { cluster: SiteCluster | null; location: string | null };
}

function itemOf(kind: MyWorkItem['kind'], { summary, site }: OpenWork): MyWorkItem {
  const clock = summary.resolution;
  return {
    kind,
    _id: summary._id,
    code: summary.code,
    title: summary.title,
    status: summary.status,
    priority: summary.priority,
    asset: summary.asset,
    site,
    sla: clock?.state ?? null,
    paused: clock?.paused ?? false,
    dueAt: clock?.dueAt ?? (summary.dueDate ? endOfLagosDay(summary.dueDate) : null),
  };
}

/**
 * GET /v2/dashboard/my-work: what the caller must do (the technician's home, docs/product.md): the
 * work orders and service requests assigned to them that are still on their hands, with the SLA
 * state the lists show (the resolution clock, computed by the modules' toSummary), breached first,
 * then by due time.
 */
export async function myWork(db: Db, principal: Principal, now = new Date()): Promise<MyWork> {
  const [orders, requests] = await Promise.all([
    assignedOpenOrders(db, principal, MY_WORK_WO_STATUSES, MY_WORK_LIMIT, now),
    assignedOpenRequests(db, principal, MY_WORK_SR_STATUSES, MY_WORK_LIMIT, now),
  ]);
  return [...orders.map((o) => itemOf('wo', o)), ...requests.map((r) => itemOf('sr', r))].sort(compareMyWork);
}
