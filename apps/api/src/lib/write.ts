import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../plugins/jobs.js';
import { type Actor, RecordedEffects } from './effects.js';
import { isForeignKeyViolation, isUniqueViolation } from './list-query.js';
import { claimIdempotencyKey, currentRequest } from './request-context.js';

/** What a write needs: the database and the job queue its side effects go to. */
export interface WriteDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendInTransaction' | 'wake'>;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** The side effects a write records: stored in its transaction, so none survives a rollback. */
export type Effects = Pick<RecordedEffects, 'activity' | 'notify' | 'mail' | 'enqueue'>;

export interface WriteOptions {
  /** A unique index refused a row: the caller's 4xx (e.g. "this code is taken"). */
  onUniqueViolation?: (constraint: string | undefined) => Error;
  /** A foreign key refused a change (e.g. a row added meanwhile still points here, or a referenced row is gone). */
  onForeignKeyViolation?: (constraint: string | undefined) => Error;
  /**
   * The work generates a unique value (a per-owner code) that a concurrent write may take first:
   * try again this many times before answering onUniqueViolation.
   */
  retriesOnUniqueViolation?: number;
}

/**
 * The one write path (docs/decisions/0009-one-write-path.md): `work` runs in one transaction; the activities,
 * notifications, mails and jobs it records are stored in that same transaction; queued jobs are
 * picked up right after the commit. Unique and foreign-key violations become the caller's errors.
 * A request's Idempotency-Key is claimed in its first write's transaction, so the change and the key
 * commit together (lib/request-context.ts).
 */
export async function write<T>(
  deps: WriteDeps,
  actor: Actor | null,
  work: (tx: Db, fx: Effects) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const idempotency = currentRequest()?.idempotency;
  for (let attempt = 0; ; attempt++) {
    const effects = new RecordedEffects(actor);
    try {
      const result = await deps.db.transaction(async (tx) => {
        if (idempotency && !idempotency.claimed) await claimIdempotencyKey(tx, idempotency);
        const value = await work(tx, effects);
        await effects.flush(tx, deps.jobs, { publicUrl: deps.config.PUBLIC_URL });
        return value;
      });
      if (idempotency) idempotency.claimed = true;
      deps.jobs.wake(effects.jobNames);
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (attempt < (options.retriesOnUniqueViolation ?? 0)) continue;
        if (options.onUniqueViolation) throw options.onUniqueViolation(constraintOf(error));
      }
      if (options.onForeignKeyViolation && isForeignKeyViolation(error)) throw options.onForeignKeyViolation(constraintOf(error));
      throw error;
    }
  }
}

function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { constraint } = e as { constraint?: string };
    if (constraint) return constraint;
  }
  return undefined;
}
