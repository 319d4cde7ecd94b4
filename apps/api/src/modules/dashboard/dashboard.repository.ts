import { SUPPLYING_PO_STATUSES } from '@amp/contracts/purchase-order';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type DashboardSide, dashboardCounts } from '../../db/schema/dashboard.js';
import { faults } from '../../db/schema/fault.js';
import { mailOutbox } from '../../db/schema/mail.js';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/purchase-order.js';
import { organisations } from '../../db/schema/registration.js';
import { roles } from '../../db/schema/role.js';
import { serviceRequestAssignees, serviceRequests } from '../../db/schema/service-request.js';
import { users } from '../../db/schema/user.js';
import { workOrderAssignees, workOrders } from '../../db/schema/work-order.js';

// Each dashboard is one statement, one round trip (issue 12): under load every extra query waits for
// a pooled connection again. Each is a named prepared statement of a fixed text (decision 0008), kept
// per database handle; what varies between viewers is in its parameters, never in its text. Columns
// are written with table aliases: inside a select of raw SQL, drizzle renders its columns unqualified.

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

/** A JSON object of counts per key (kind, month); null when there is nothing to count. */
type PerKey = Record<string, number>;

const monthOf = (createdAt: SQL) => sql`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The super admin's figures in one row: active organisations per kind, active technicians, pending
 * registrations, failed mail (mail_outbox_status_idx) and users created per month (UTC, 'YYYY-MM')
 * since `since`; the per-kind and per-month figures as JSON objects.
 */
const superAdminFigures = cachedPerDb((db) =>
  db
    .select({
      byKind: sql<PerKey | null>`(select json_object_agg(k.kind, k.total) from (select o.kind, count(*)::int as total from ${organisations} o where o.status = 'active' group by 1) k)`,
      technician: sql<number>`(select count(*)::int from ${users} u inner join ${roles} r on r.id = u.role_id where u.status = 'active' and r.system_key = 'technician')`,
      pending: sql<number>`(select count(*)::int from ${organisations} o where o.status = 'pending' and o.kind <> 'platform')`,
      failedMail: sql<number>`(select count(*)::int from ${mailOutbox} m where m.status = 'failed')`,
      perMonth: sql<PerKey | null>`(select json_object_agg(m.month, m.total) from (select ${monthOf(sql`u.created_at`)} as month, count(*)::int as total from ${users} u where u.created_at >= ${p('since')}::timestamptz group by 1) m)`,
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
      sr: sql<StatusMonthRow[]>`${rowsOf(sql`
        select r.status, ${monthOf(sql`r.created_at`)} as month, count(*)::int as total
          from ${serviceRequestAssignees} a inner join ${serviceRequests} r on r.id = a.service_request_id
         where ${p('sr')}::boolean and a.user_id = ${p('user')}::uuid
         group by 1, 2`)}`,
      wo: sql<StatusMonthRow[]>`${rowsOf(sql`
        select w.status, ${monthOf(sql`w.created_at`)} as month, count(*)::int as total
          from ${workOrderAssignees} a inner join ${workOrders} w on w.id = a.work_order_id
         where ${p('wo')}::boolean and a.user_id = ${p('user')}::uuid
         group by 1, 2`)}`,
      fault: sql<StatusMonthRow[]>`${rowsOf(sql`
        select f.status, ${monthOf(sql`f.created_at`)} as month, count(*)::int as total
          from ${faults} f
         where ${p('fault')}::boolean and f.reporter_user_id = ${p('user')}::uuid
         group by 1, 2`)}`,
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
const supplierFigures = cachedPerDb((db) => {
  const supplying = sql.join(
    SUPPLYING_PO_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return db
    .select({
      rows: sql<(StatusMonthRow & { valueKobo: number })[]>`${rowsOf(sql`
        select c.status, ${countsMonth} as month, sum(c.total)::int as total, sum(c.value_kobo)::bigint as "valueKobo"
          from ${dashboardCounts} c
         where c.organisation_id = ${p('supplier')}::uuid and c.side = 'supplier' and c.subject = 'po'
         group by 1, 2`)}`,
      toDispatch: sql<number>`(
        select count(*)::int
          from ${purchaseOrders} o
         where o.supplier_id = ${p('supplier')}::uuid and o.status in (${supplying}) and o.sent_at is not null
           and exists (select 1 from ${purchaseOrderLines} l where l.order_id = o.id and l.dispatched < l.quantity))`,
    })
    .from(ONE_ROW)
    .prepare('dashboard_supplier');
});

export async function supplierDashboardRows(db: Db, supplierId: string, since: Date) {
  const [row] = await supplierFigures(db).execute({ supplier: supplierId, since: since.toISOString().slice(0, 10) });
  // bigint in JSON is a JSON number: a month's value in kobo stays far below 2^53.
  return { rows: (row?.rows ?? []).map((r) => ({ ...r, valueKobo: Number(r.valueKobo) })), toDispatch: Number(row?.toDispatch ?? 0) };
}
