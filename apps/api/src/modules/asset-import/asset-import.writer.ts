import { ASSET_CODE_PREFIX, formatCode } from '@amp/contracts/asset';
import type { ImportMode } from '@amp/contracts/asset-import';
import type { Db } from '../../db/client.js';
import { type WriteDeps, write } from '../../lib/write.js';
import {
  type AssetBatch,
  insertAssetBatch,
  reserveAssetCodeNumbers,
  takenCodes,
  updateAssetBatch,
  updateJob,
} from './asset-import.repository.js';
import { ImportFailure, type ParsedRow } from './asset-import.run.js';

/** Rows per INSERT / UPDATE statement, and codes per look-up. */
const WRITE_BATCH = 5_000;
const LOOKUP_BATCH = 5_000;

/** The import whose checked rows are written. */
export interface WriteTarget {
  id: string;
  organisationId: string;
  /** The author: the assets' creator, the activity's user and the notification's recipient. */
  createdBy: string | null;
  mode: ImportMode;
  fileName: string;
}

/** Where the notification of an import leads: its page in the web app, which opens the import (?import=id). */
export function importPath(mode: ImportMode, id: string): string {
  return `/asset/bulk/${mode}?import=${id}`;
}

/** The import had finished before this write (another attempt wrote it, or it was failed meanwhile). */
class AlreadyFinished extends Error {}

/**
 * Writes every row of a checked file in one transaction, with the import's result, its activity
 * and the author's notification: a file is written whole or not at all. The import is marked
 * succeeded first, guarded by its status, so a second run of the same import (a retry after an
 * attempt that in fact finished) writes nothing. False when the import had already finished.
 */
export async function writeImport(
  deps: WriteDeps,
  target: WriteTarget,
  rows: ParsedRow[],
  typedCodes: ReadonlySet<string>,
): Promise<boolean> {
  const { id, organisationId, createdBy, mode, fileName } = target;
  try {
    await write(deps, { userId: createdBy, organisationId }, async (tx, fx) => {
      // The guarded update also locks the import row: a concurrent run waits here, then finds it finished.
      const claimed = await updateJob(tx, id, {
        status: 'succeeded',
        writtenRows: rows.length,
        processedRows: rows.length,
        finished: true,
      });
      if (!claimed) throw new AlreadyFinished();
      if (mode === 'add') {
        const blanks = rows.filter((row) => row.code === null).length;
        const generated = blanks > 0 ? await generateCodes(tx, organisationId, blanks, typedCodes) : [];
        let next = 0;
        for (const row of rows) if (row.code === null) row.code = generated[next++]!;
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          await insertAssetBatch(tx, organisationId, createdBy, toBatch(rows.slice(i, i + WRITE_BATCH)), i);
        }
      } else {
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          const chunk = rows.slice(i, i + WRITE_BATCH);
          const updated = await updateAssetBatch(
            tx,
            organisationId,
            chunk.map((row) => row.assetId!),
            toBatch(chunk),
          );
          // An asset decommissioned since the check: the file no longer applies as a whole.
          if (updated !== chunk.length) throw new ImportFailure('ERROR.CONFLICT');
        }
      }
      const params = { count: rows.length, file: fileName };
      fx.activity({
        action: mode === 'add' ? 'asset.imported' : 'asset.import_updated',
        params,
        subject: { type: 'asset_import', id },
      });
      if (createdBy) fx.notify({ event: 'import.succeeded', to: { users: [createdBy] }, params, path: importPath(mode, id) });
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyFinished) return false;
    throw error;
  }
}

/**
 * Generated codes (AS-000001, ...) for the rows without one: a range reserved in one statement,
 * skipping codes typed in the file or already held by the organisation's assets.
 */
async function generateCodes(tx: Db, organisationId: string, count: number, typedCodes: ReadonlySet<string>): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const need = count - codes.length;
    const last = await reserveAssetCodeNumbers(tx, organisationId, need);
    const candidates: string[] = [];
    for (let n = last - need + 1; n <= last; n++) {
      const code = formatCode(ASSET_CODE_PREFIX, n);
      if (!typedCodes.has(code.toLowerCase())) candidates.push(code);
    }
    const taken = new Set<string>();
    for (let i = 0; i < candidates.length; i += LOOKUP_BATCH) {
      const chunk = candidates.slice(i, i + LOOKUP_BATCH).map((code) => code.toLowerCase());
      for (const code of await takenCodes(tx, organisationId, chunk)) taken.add(code);
    }
    for (const code of candidates) if (!taken.has(code.toLowerCase())) codes.push(code);
  }
  return codes;
}

function toBatch(rows: ParsedRow[]): AssetBatch {
  const batch: AssetBatch = {
    assetCode: [],
    name: [],
    clusterId: [],
    locationId: [],
    locationName: [],
    categoryId: [],
    subCategoryId: [],
    brand: [],
    model: [],
    serialNumber: [],
    installationDate: [],
    warrantyExpiry: [],
    status: [],
    purchaseCostKobo: [],
    description: [],
  };
  for (const row of rows) {
    batch.assetCode.push(row.code!);
    batch.name.push(row.name);
    batch.clusterId.push(row.clusterId);
    batch.locationId.push(row.locationId);
    batch.locationName.push(row.locationName);
    batch.categoryId.push(row.categoryId);
    batch.subCategoryId.push(row.subCategoryId);
    batch.brand.push(row.brand);
    batch.model.push(row.model);
    batch.serialNumber.push(row.serialNumber);
    batch.installationDate.push(row.installationDate);
    batch.warrantyExpiry.push(row.warrantyExpiry);
    batch.status.push(row.status);
    batch.purchaseCostKobo.push(row.purchaseCostKobo);
    batch.description.push(row.description);
  }
  return batch;
}
