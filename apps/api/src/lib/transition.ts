import type { MessageKey } from '@amp/contracts/messages';
import { mayTake, type Workflow } from '@amp/contracts/workflow';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { AppError, forbidden, notFound } from './errors.js';
import { currentRequest } from './request-context.js';

/** A table a workflow runs on: its id and status columns. */
export interface WorkflowTable {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  /** The record's name in messages ("registration", "asset"). */
  noun: string;
  /** Its updated_at, which every step moves: a request's If-Match is checked against it. */
  version?: PgColumn;
}

export interface TransitionRequest<Status extends string, Action extends string, Party extends string> {
  workflow: Workflow<Status, Action, Party>;
  action: Action;
  on: WorkflowTable;
  id: string;
  /** The access module's condition: a record the caller does not see is not found. */
  visible: SQL;
  /** The parties the caller is on this record (owner, provider, ...) and the permissions they hold. */
  parties: readonly Party[];
  permissions: readonly string[];
  /** Other columns the step sets (who decided, a reason, a timestamp...). */
  set?: Record<string, unknown>;
  /** The 409's message when the step no longer applies (default WORKFLOW.STALE with the status). */
  staleMessage?: MessageKey;
}

/**
 * A step on a record whose version the request's If-Match names (an offline client's queued step):
 * 412 when the record changed since, before anything is decided. Only versioned routes read
 * If-Match (plugins/idempotency.ts); without one this checks nothing.
 */
export function assertUnchangedSince(version: Date) {
  const ifMatch = currentRequest()?.ifMatch;
  // updated_at has microseconds, the answers milliseconds: compared as the client saw it.
  if (ifMatch && version.getTime() !== ifMatch.getTime()) throw new AppError(412, 'RECORD.CHANGED');
}

/** What a step is decided on: the record's status and (for a versioned table) its updated_at, read under its row lock. */
export interface LockedRecord {
  status: string;
  version?: Date;
}

/**
 * One workflow step (docs/architecture.md#workflows): a single guarded UPDATE ... WHERE status IN (from) AND
 * visible, inside the caller's write (so its activity and notifications share the transaction).
 * Not visible: 404. Not the caller's to take: 403. Stale (the status moved meanwhile) or not
 * allowed from the current status: 409 with the status it is in. Changed since the version the
 * request's If-Match names (an offline client's queued step): 412, before anything is decided.
 */
export async function transition<Status extends string, Action extends string, Party extends string>(
  tx: Db,
  request: TransitionRequest<Status, Action, Party>,
): Promise<{ from: Status; to: Status }> {
  const { on } = request;
  const [current] = await tx
    .select({ status: on.status, ...(on.version ? { version: on.version } : {}) })
    .from(on.table)
    .where(and(eq(on.id, request.id), request.visible))
    .for('update');
  if (!current) throw notFound(on.noun);
  return guardedUpdate(tx, request, current as LockedRecord);
}

/**
 * The checks of a step on a record already read under its lock, in the order transition makes
 * them: changed since the request's If-Match 412, not the caller's to take 403, not from its status 409.
 */
export function assertMayStep<Status extends string, Action extends string, Party extends string>(
  request: Pick<TransitionRequest<Status, Action, Party>, 'workflow' | 'action' | 'on' | 'parties' | 'permissions' | 'staleMessage'>,
  current: LockedRecord,
): Status {
  const rule = request.workflow.actions[request.action];
  if (request.on.version) assertUnchangedSince(current.version as Date);
  if (!mayTake(rule, request.parties, request.permissions)) throw forbidden();
  const from = current.status as Status;
  if (!rule.from.includes(from)) throw staleStep(request, from);
  return from;
}

const staleStep = (request: { staleMessage?: MessageKey }, from: string) =>
  new AppError(409, request.staleMessage ?? 'WORKFLOW.STALE', { status: from.replace(/_/g, ' ') });

/**
 * The step on a record the caller read and locked in this transaction (the transition above, or the
 * document kernel's one locked read of the row): its checks, then the guarded UPDATE.
 */
export async function guardedUpdate<Status extends string, Action extends string, Party extends string>(
  tx: Db,
  request: TransitionRequest<Status, Action, Party>,
  current: LockedRecord,
): Promise<{ from: Status; to: Status }> {
  const { workflow, action, on } = request;
  const rule = workflow.actions[action];
  const from = assertMayStep(request, current);
  const updated = await tx
    .update(on.table)
    .set({ [on.status.name]: rule.to, ...request.set } as never)
    .where(and(eq(on.id, request.id), inArray(on.status, [...rule.from]), request.visible))
    .returning({ id: on.id });
  // The row lock above makes this a formality; kept so the guard holds even without it.
  if (updated.length === 0) throw staleStep(request, from);
  return { from, to: rule.to };
}
