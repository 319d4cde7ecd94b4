import type { Deps } from '../../deps.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { deleteUnattachedBefore } from './file.repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Stored objects whose rows are gone (queued in the transaction that deleted them). */
    'file.delete-bytes': { keys: string[] };
    /** Daily: uploads never attached to anything within a day. */
    'file.sweep-unattached': Record<string, never>;
  }
}

/** An upload has a day to be attached to its asset or SLA (a form left open overnight at most). */
const UNATTACHED_GRACE_MS = 24 * 3600 * 1000;
const SWEEP_BATCH = 500;

export function fileJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'file.delete-bytes',
      batchSize: 10,
      retryLimit: 5,
      async run({ keys }) {
        // Deleting a key that is already gone succeeds, so a retried job is harmless.
        await Promise.all(keys.map((key) => deps.storage.delete(key)));
      },
    }),
    defineJob({
      name: 'file.sweep-unattached',
      schedule: { cron: '30 3 * * *', timeZone: 'Africa/Lagos' },
      async run() {
        const cutoff = new Date(Date.now() - UNATTACHED_GRACE_MS);
        for (;;) {
          const keys = await write(deps, null, async (tx, fx) => {
            const dropped = await deleteUnattachedBefore(tx, cutoff, SWEEP_BATCH);
            if (dropped.length > 0) fx.enqueue({ name: 'file.delete-bytes', data: { keys: dropped } });
            return dropped;
          });
          if (keys.length === 0) return;
        }
      },
    }),
  ];
}
