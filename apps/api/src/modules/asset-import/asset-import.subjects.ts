import type { ActivityAction } from '@amp/contracts/activity';
import type { ImportMode, ImportSubject } from '@amp/contracts/asset-import';
import type { MessageParams } from '@amp/contracts/messages';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { assetImportTables } from '../asset/asset.public.js';
import { pricebookImportTables } from '../pricebook/pricebook.public.js';
import { inventoryImportTables } from '../warehouse/warehouse.public.js';
import { checkAssetFile } from './asset-import.assets.js';
import { checkInventoryFile } from './asset-import.inventory.js';
import { checkPricebookFile } from './asset-import.pricebook.js';
import type { CheckOutcome, ImportFile, ImportTarget } from './asset-import.run.js';

/**
 * What differs between the subjects of the one import pipeline: how a file is checked and written
 * (a row checker on asset-import.run.ts, with its writer), the activity of a written file, and
 * where the author's notification leads. The upload, the job, the progress, the errors and the
 * sweep are the same for all.
 */
export interface ImportSubjectHandler {
  /** Reads and checks the file; a clean one comes with the function that writes it. */
  check(db: Db, target: ImportTarget, file: ImportFile): Promise<CheckOutcome>;
  /** The activity of a written file (its parameters: count and file). */
  activity(mode: ImportMode): ActivityAction;
  /** The activity's subject type. */
  activitySubject: string;
  /** The import's page in the web app (?import=id opens it): where its notifications lead. */
  path(job: { id: string; mode: ImportMode; warehouseId: string | null }): string;
  /** Added to the notifications' parameters: a subject whose texts differ names itself (notificationMessageKey). */
  notificationParams: MessageParams;
  /** The tables a written file fills, tidied up after it (db/tidy-up.ts) so its lists are fast at once. */
  writtenTables: readonly PgTable[];
}

export const IMPORT_SUBJECT_HANDLERS: Record<ImportSubject, ImportSubjectHandler> = {
  asset: {
    check: checkAssetFile,
    activity: (mode) => (mode === 'add' ? 'asset.imported' : 'asset.import_updated'),
    activitySubject: 'asset_import',
    path: ({ id, mode }) => `/asset/bulk/${mode}?import=${id}`,
    notificationParams: {},
    writtenTables: assetImportTables,
  },
  pricebook: {
    check: checkPricebookFile,
    activity: () => 'pricebook.imported',
    activitySubject: 'pricebook_import',
    path: ({ id }) => `/pricebook/import?import=${id}`,
    notificationParams: { subject: 'pricebook' },
    writtenTables: pricebookImportTables,
  },
  inventory: {
    check: checkInventoryFile,
    activity: () => 'inventory.imported',
    activitySubject: 'inventory_import',
    path: ({ id, warehouseId }) => `/manage-warehouse/view/${warehouseId}?import=${id}`,
    notificationParams: { subject: 'inventory' },
    writtenTables: inventoryImportTables,
  },
};
