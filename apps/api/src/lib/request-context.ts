import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * What a mutating request asks of the writes it causes, without threading it through every service:
 * its Idempotency-Key (claimed by the one write path, lib/write.ts) and its If-Match version (checked
 * by the one guarded step, lib/transition.ts). Set by plugins/idempotency.ts for the rest of the
 * request; jobs and scripts run without one.
 */
export interface IdempotentRequest {
  /** The caller: a user's id, or `anonymous`. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** The key is stored, committed with the request's first write. */
  claimed: boolean;
}

export interface RequestContext {
  idempotency: IdempotentRequest | null;
  /** The record's updatedAt the client based its change on (If-Match). */
  ifMatch: Date | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs `next` (the rest of the request) with `context` as the current request's. */
export function runInRequest(context: RequestContext, next: () => void) {
  storage.run(context, next);
}

/**
 * Stores the request's key inside the write's transaction. A concurrent request with the same key
 * waits on the primary key until that one commits (then finds the key taken: 409, retry later) or
 * rolls back (then claims it itself).
 */
export async function claimIdempotencyKey(tx: Db, request: IdempotentRequest): Promise<void> {
  const result = await tx.execute(sql`insert into idempotent_requests (scope, key, method, path)
    values (${request.scope}, ${request.key}, ${request.method}, ${request.path})
    on conflict do nothing returning key`);
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError(409, 'IDEMPOTENCY.IN_PROGRESS');
}
