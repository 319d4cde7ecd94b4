import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';

/** A fixed-window counter kept in the database, shared by every API process (docs/architecture.md#scale). */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the window of `key` resets if it is at or over `max`, otherwise 0. */
export async function blockedFor(db: Db, limit: Limit): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, wait: sql<number>`ceil(extract(epoch from (${rateLimits.resetAt} - now())))::int` })
    .from(rateLimits)
    .where(eq(rateLimits.key, limit.key));
  if (!row || row.wait <= 0 || row.count < limit.max) return 0;
  return row.wait;
}

/** Counts one hit in the current window (starting a new window when the old one is over). */
export async function countHit(db: Db, limit: Limit): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, resetAt: sql`now() + make_interval(secs => ${limit.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearHits(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the windows that have elapsed (housekeeping): they no longer count against anyone. Returns how many. */
export async function sweepElapsedLimits(db: Db): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)).returning({ key: rateLimits.key });
  return gone.length;
}

/** Throws 429 with Retry-After when any of the limits is exhausted. */
export async function assertNotBlocked(db: Db, limits: Limit[]) {
  for (const limit of limits) {
    const wait = await blockedFor(db, limit);
    if (wait > 0) throw tooManyRequests(wait);
  }
}

/** Counts a hit on each limit and throws 429 once one is over its maximum. */
export async function consume(db: Db, limits: Limit[]) {
  for (const limit of limits) {
    const count = await countHit(db, limit);
    if (count > limit.max) throw tooManyRequests(limit.windowSeconds);
  }
}

function tooManyRequests(retryAfterSeconds: number) {
  return new AppError(429, 'AUTH.TOO_MANY_ATTEMPTS', {}, undefined, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });
}
