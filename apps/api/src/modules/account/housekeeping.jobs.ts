import { isNotNull, lt, or, sql } from 'drizzle-orm';
import { oneTimeTokens, sessions } from '../../db/schema/account.js';
import { idempotentRequests } from '../../db/schema/idempotency.js';
import { rateLimits } from '../../db/schema/rate-limit.js';
import type { Deps } from '../../deps.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Hourly: expired sessions, spent or expired tokens, elapsed rate-limit windows and week-old idempotency keys. */
    'housekeeping.expired': Record<string, never>;
  }
}

export interface Swept {
  sessions: number;
  tokens: number;
  rateLimits: number;
  idempotencyKeys: number;
}

/** Rows that can no longer let anyone in nor count against anyone. */
export async function sweepExpired(deps: Pick<Deps, 'db' | 'jobs' | 'config'>): Promise<Swept> {
  return write(deps, null, async (tx) => {
    const dayAgo = sql`now() - interval '1 day'`;
    const goneSessions = await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.revokedAt, dayAgo)))
      .returning({ id: sessions.id });
    const goneTokens = await tx
      .delete(oneTimeTokens)
      .where(or(lt(oneTimeTokens.expiresAt, sql`now()`), isNotNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    const goneLimits = await tx.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)).returning({ key: rateLimits.key });
    // A queued action is replayed within days; a week-old key is no longer repeated.
    const goneKeys = await tx
      .delete(idempotentRequests)
      .where(lt(idempotentRequests.createdAt, sql`now() - interval '7 days'`))
      .returning({ key: idempotentRequests.key });
    return { sessions: goneSessions.length, tokens: goneTokens.length, rateLimits: goneLimits.length, idempotencyKeys: goneKeys.length };
  });
}

export function housekeepingJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'housekeeping.expired',
      schedule: { cron: '17 * * * *', timeZone: 'Africa/Lagos' },
      async run() {
        await sweepExpired(deps);
      },
    }),
  ];
}
