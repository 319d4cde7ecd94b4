import {
  IMPORT_MODES,
  IMPORT_STATUSES,
  IMPORT_SUBJECTS,
  type ImportMode,
  type ImportStatus,
  type ImportSubject,
} from '@amp/contracts/asset-import';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './registration.js';
import { warehouses } from './warehouse.js';

/**
 * A bulk add or update of assets from a CSV or XLSX file, run in the background: the web polls its
 * progress. Errors (row, column, message) are kept, capped, for display and download; a file with
 * any error writes nothing.
 */
export const assetImports = pgTable(
  'asset_imports',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    /** What the file holds: assets, the organisation's pricebook items, or a warehouse's inventory (the same pipeline reads all). */
    subject: text('subject').$type<ImportSubject>().notNull().default('asset'),
    /** The warehouse an inventory import fills. */
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<ImportMode>().notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    writtenRows: integer('written_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('asset_imports_subject_check', sql`${t.subject} in (${inList(IMPORT_SUBJECTS)})`),
    check('asset_imports_warehouse_check', sql`(${t.subject} = 'inventory') = (${t.warehouseId} is not null)`),
    check('asset_imports_mode_check', sql`${t.mode} in (${inList(IMPORT_MODES)})`),
    check('asset_imports_status_check', sql`${t.status} in (${inList(IMPORT_STATUSES)})`),
    index('asset_imports_org_created_idx').on(t.organisationId, t.createdAt),
    index('asset_imports_warehouse_idx').on(t.warehouseId, t.createdAt).where(sql`${t.warehouseId} is not null`),
  ],
);
