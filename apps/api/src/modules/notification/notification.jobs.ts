import type { Language } from '@amp/contracts/account';
import { DIGEST_CRON, DIGEST_TIME_ZONE } from '@amp/contracts/notification';
import type { Deps } from '../../deps.js';
import { digestMail } from '../../lib/notification-mail.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { findDigestable, markDigested } from './notification.repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The daily digest at 07:00 Lagos time. */
    'notification.digest': Record<string, never>;
  }
}

const DIGEST_BATCH = 5000;

/**
 * The daily digest for those who chose it: one mail per recipient with what they were notified
 * of since the last one. (Mail for each notification is written by the write path itself.)
 */
export function notificationJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'notification.digest',
      schedule: { cron: DIGEST_CRON, timeZone: DIGEST_TIME_ZONE },
      async run() {
        const started = new Date();
        for (;;) {
          const rows = await findDigestable(deps.db, started, DIGEST_BATCH);
          if (rows.length === 0) return;
          const byRecipient = new Map<string, typeof rows>();
          for (const row of rows) byRecipient.set(row.recipientId, [...(byRecipient.get(row.recipientId) ?? []), row]);
          await write(deps, null, async (tx, fx) => {
            for (const items of byRecipient.values()) {
              const first = items[0]!;
              fx.mail(digestMail(deps.config.PUBLIC_URL, first.email, first.language as Language, items));
            }
            await markDigested(
              tx,
              rows.map((row) => row.id),
            );
          });
          if (rows.length < DIGEST_BATCH) return;
        }
      },
    }),
  ];
}
