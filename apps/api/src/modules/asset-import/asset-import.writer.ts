import { tidyUpAfterBulkWrite } from '../../db/tidy-up.js';
import { type WriteDeps, write } from '../../lib/write.js';
import { updateJob } from './asset-import.repository.js';
import type { CheckOutcome, ImportTarget } from './asset-import.run.js';
import { IMPORT_SUBJECT_HANDLERS } from './asset-import.subjects.js';

/** The import whose checked rows are written. */
export type WriteTarget = ImportTarget;

/** The import had finished before this write (another attempt wrote it, or it was failed meanwhile). */
class AlreadyFinished extends Error {}

/**
 * Writes every row of a checked file in one transaction, with the import's result, its activity
 * and the author's notification: a file is written whole or not at all. The import is claimed
 * first, guarded by its status, so a second run of the same import (a retry after an attempt that
 * in fact finished) writes nothing. False when the import had already finished. The written
 * tables are then tidied up (statistics, visibility map), outside the transaction.
 */
export async function writeImport(deps: WriteDeps, target: WriteTarget, checked: Extract<CheckOutcome, { ok: true }>): Promise<boolean> {
  const { id, organisationId, createdBy, mode, fileName } = target;
  const subject = IMPORT_SUBJECT_HANDLERS[target.subject];
  let written = 0;
  try {
    await write(deps, { userId: createdBy, organisationId }, async (tx, fx) => {
      // The guarded update also locks the import row: a concurrent run waits here, then finds it finished.
      if (!(await updateJob(tx, id, { status: 'writing' }))) throw new AlreadyFinished();
      written = await checked.write(tx);
      await updateJob(tx, id, { status: 'succeeded', writtenRows: written, processedRows: checked.rows, finished: true });
      const params = { ...checked.params, count: written, file: fileName };
      fx.activity({ action: subject.activity(mode), params, subject: { type: subject.activitySubject, id } });
      if (createdBy) {
        fx.notify({
          event: 'import.succeeded',
          to: { users: [createdBy] },
          params: { ...params, ...subject.notificationParams },
          path: subject.path(target),
        });
      }
    });
  } catch (error) {
    if (error instanceof AlreadyFinished) return false;
    throw error;
  }
  // Committed: the owner's next list of these rows is planned on their true number.
  await tidyUpAfterBulkWrite(deps.db, subject.writtenTables, written);
  return true;
}
