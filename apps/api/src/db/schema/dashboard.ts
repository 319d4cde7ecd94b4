import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './registration.js';

/** The sides a record is counted on: what an organisation sent or received, bought or sold. */
export const DASHBOARD_SIDES = ['owner', 'provider', 'buyer', 'supplier'] as const;
export type DashboardSide = (typeof DASHBOARD_SIDES)[number];
export const DASHBOARD_SUBJECTS = ['sr', 'wo', 'fault', 'po'] as const;
export type DashboardSubject = (typeof DASHBOARD_SUBJECTS)[number];

/**
 * The dashboards' figures (issue 12): service requests, work orders, faults and purchase orders per
 * organisation, side, status and month of creation (UTC), with the sum of their totals (kobo; work
 * and purchase orders only). Moved at COMMIT by deferred row triggers on the four tables (migration
 * 0032, as service_request_counts), so a dashboard reads at most a few hundred rows of one
 * organisation instead of counting its records. A provider's side counts a work order only once it
 * was sent, a supplier's a purchase order once it was sent: what each of them sees.
 */
export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<DashboardSide>().notNull(),
    subject: text('subject').$type<DashboardSubject>().notNull(),
    status: text('status').notNull(),
    /** The first day of the record's month of creation (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.side, t.subject, t.status, t.month] }),
    // A dashboard reads all of one side's rows with their totals: index-only (the totals INCLUDEd by
    // hand in migration 0035, drizzle has no INCLUDE), rather than a heap page per row.
    index('dashboard_counts_read_idx').on(t.organisationId, t.side),
    check('dashboard_counts_side_check', sql`${t.side} in ('owner','provider','buyer','supplier')`),
    check('dashboard_counts_subject_check', sql`${t.subject} in ('sr','wo','fault','po')`),
  ],
);
