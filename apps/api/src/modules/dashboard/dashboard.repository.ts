import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type DashboardSide, dashboardCounts } from '../../db/schema/dashboard.js';
import { faultsReportedPerStatusAndMonth } from '../fault/fault.public.js';
import { failedMailCount } from '../mail/mail.public.js';
import { ordersToDispatchCount } from '../purchase-order/purchase-order.public.js';
import { activeOrganisationsPerKind, pendingRegistrationsCount } from '../registration/registration.public.js';
import { technicianRoleIds } from '../role/role.public.js';
import { requestsAssignedPerStatusAndMonth } from '../service-request/service-request.public.js';
import { activeUsersWithRoleIn, usersCreatedPerMonthSince } from '../user/user.public.js';
import { ordersAssignedPerStatusAndMonth } from '../work-order/work-order.public.js';

// Each dashboard is one statement, one round trip (issue 12): under load every extra query waits for
// a pooled connection again. Each is a named prepared statement of a fixed text (decision 0008), kept
// per database handle; what varies between viewers is in its parameters, never in its text. Columns
// are written with table aliases: inside a select of raw SQL, drizzle renders its columns unqualified.
// The parts over other modules' tables are their owners' subqueries (their public files,
// docs/decisions/0033-tables-with-owners.md), composed here into the one statement.

/** A prepared statement per database handle, made on first use. */
function cachedPerDb<T>(make: (db: Db) => T) {
  const cache = new WeakMap<Db, T>();
  return (db: Db): T => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = make(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

const p = (name: string) => sql.placeholder(name);
/** A one-row source for statements made only of scalar subqueries. */
const ONE_ROW = sql`(values (1)) as one_row(unused)`;

/**
 * The super admin's figures in one row: active organisations per kind, active technicians, pending
 * registrations, failed mail (mail_outbox_status_idx) and users created per month (UTC, 'YYYY-MM')
 * since `since`; the per-kind and per-month figures as JSON objects.
 */
const superAdminFigures = cachedPerDb((db) =>
  db
    .select({
      byKind: activeOrganisationsPerKind(),
      technician: activeUsersWithRoleIn(technicianRoleIds()),
      pending: pendingRegistrationsCount(),
      failedMail: failedMailCount(),
      perMonth: usersCreatedPerMonthSince(sql`${p('since')}::timestamptz`),
    })
    .from(ONE_ROW)
    .prepare('dashboard_super_admin'),
);

export async function superAdminFiguresOf(db: Db, since: Date) {
  const [row] = await superAdminFigures(db).execute({ since: since.toISOString() });
  return {
    byKind: row?.byKind ?? {},
    technician: Number(row?.technician ?? 0),
    pending: Number(row?.pending ?? 0),
    failedMail: Number(row?.failedMail ?? 0),
    perMonth: row?.perMonth ?? {},
  };
}

/** dashboard_counts' month, or '' for the months before `since` (together, so an old organisation stays a few rows per status). */
const countsMonth = sql`case when c.month >= ${p('since')}::date then to_char(c.month, 'YYYY-MM') else '' end`;

/** One figure of a subject: records per status and month ('YYYY-MM'). */
export interface StatusMonthRow {
  status: string;
  month: string;
  total: number;
}

/**
 * A query's rows as one JSON array: each part of a dashboard's statement is its own scalar subquery,
 * planned on its own as a separate query would be. (A UNION ALL of the parts made PostgreSQL choose a
 * Parallel Append, two workers started for every 2 ms dashboard, which under load cost more than the
 * round trips it saved.)
 */
const rowsOf = (query: SQL) => sql`(select coalesce(json_agg(part), '[]'::json) from (${query}) part)`;

/** The viewer whose own service requests, work orders and faults a technician's dashboard counts. */
const user = sql`${p('user')}::uuid`;

/**
 * A work dashboard's rows in one statement. Each part is switched on by a parameter (a one-time
 * filter: a part switched off reads nothing), so that every viewer runs the same statement:
 * - `counts`: the organisation's summary rows (dashboard_counts) of `side` and of the buyer's side;
 * - `sr`/`wo`: the service requests and work orders assigned to `user` (a person's own are few);
 * - `fault`: the faults `user` reported (faults_reporter_created_idx).
 */
const workRows = cachedPerDb((db) =>
  db
    .select({
      counts: sql<(StatusMonthRow & { side: DashboardSide; subject: string })[]>`${rowsOf(sql`
        select c.side, c.subject, c.status, ${countsMonth} as month, sum(c.total)::int as total
          from ${dashboardCounts} c
         where ${p('counts')}::boolean and c.organisation_id = ${p('organisation')}::uuid and c.side in (${p('side')}::text, 'buyer')
         group by 1, 2, 3, 4`)}`,
      sr: sql<StatusMonthRow[]>`${rowsOf(requestsAssignedPerStatusAndMonth(user, sql`${p('sr')}::boolean`))}`,
      wo: sql<StatusMonthRow[]>`${rowsOf(ordersAssignedPerStatusAndMonth(user, sql`${p('wo')}::boolean`))}`,
      fault: sql<StatusMonthRow[]>`${rowsOf(faultsReportedPerStatusAndMonth(user, sql`${p('fault')}::boolean`))}`,
    })
    .from(ONE_ROW)
    .prepare('dashboard_work'),
);

export interface WorkRowsQuery {
  organisationId: string;
  userId: string;
  /** The organisation's side of dashboard_counts beside its buyer's side. */
  side: 'owner' | 'provider';
  since: Date;
  counts: boolean;
  assignedSr: boolean;
  assignedWo: boolean;
  reportedFaults: boolean;
}

export async function workDashboardRows(db: Db, q: WorkRowsQuery) {
  const [row] = await workRows(db).execute({
    organisation: q.organisationId,
    user: q.userId,
    side: q.side,
    since: q.since.toISOString().slice(0, 10),
    counts: q.counts,
    sr: q.assignedSr,
    wo: q.assignedWo,
    fault: q.reportedFaults,
  });
  return { counts: row?.counts ?? [], sr: row?.sr ?? [], wo: row?.wo ?? [], fault: row?.fault ?? [] };
}

/**
 * A supplier's purchase orders per status and month from its side of dashboard_counts (months before
 * `since` together, month ''), and the count of its orders accepted (or partly received) with
 * something still to dispatch: the open working set on purchase_orders_supplier_idx, not its history.
 */
const supplierFigures = cachedPerDb((db) =>
  db
    .select({
      rows: sql<(StatusMonthRow & { valueKobo: number })[]>`${rowsOf(sql`
        select c.status, ${countsMonth} as month, sum(c.total)::int as total, sum(c.value_kobo)::bigint as "valueKobo"
          from ${dashboardCounts} c
         where c.organisation_id = ${p('supplier')}::uuid and c.side = 'supplier' and c.subject = 'po'
         group by 1, 2`)}`,
      toDispatch: ordersToDispatchCount(sql`${p('supplier')}::uuid`),
    })
    .from(ONE_ROW)
    .prepare('dashboard_supplier'),
);

export async function supplierDashboardRows(db: Db, supplierId: string, since: Date) {
  const [row] = await supplierFigures(db).execute({ supplier: supplierId, since: since.toISOString().slice(0, 10) });
  // bigint in JSON is a JSON number: a month's value in kobo stays far below 2^53.
  return { rows: (row?.rows ?? []).map((r) => ({ ...r, valueKobo: Number(r.valueKobo) })), toDispatch: Number(row?.toDispatch ?? 0) };
}
