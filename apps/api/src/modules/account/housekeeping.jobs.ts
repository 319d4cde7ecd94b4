import { isNotNull, lt, or, sql } from 'drizzle-orm';
import { oneTimeTokens, sessions } from '../../db/schema/account.js';
import type { Deps } from '../../deps.js';
import { sweepElapsedLimits } from '../../lib/rate-limit.js';
import { write } from '../../lib/write.js';
import { sweepOldIdempotencyKeys } from '../../plugins/idempotency.js';
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
    const goneLimits = await sweepElapsedLimits(tx);
    const goneKeys = await sweepOldIdempotencyKeys(tx);
    return { sessions: goneSessions.length, tokens: goneTokens.length, rateLimits: goneLimits, idempotencyKeys: goneKeys };
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
