import { IMPORT_MODES, IMPORT_STATUSES, type ImportMode, type ImportStatus } from '@amp/contracts/asset-import';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './organisation.js';

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
    /** What the file holds: assets, or the organisation's pricebook items (the same pipeline reads both). */
    subject: text('subject').$type<'asset' | 'pricebook'>().notNull().default('asset'),
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
    check('asset_imports_subject_check', sql`${t.subject} in ('asset', 'pricebook')`),
    check('asset_imports_mode_check', sql`${t.mode} in (${inList(IMPORT_MODES)})`),
    check('asset_imports_status_check', sql`${t.status} in (${inList(IMPORT_STATUSES)})`),
    index('asset_imports_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);
