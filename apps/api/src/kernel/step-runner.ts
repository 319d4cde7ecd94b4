import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { visible } from '../access/visibility.js';
import type { Db } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { assertMayStep, guardedUpdate } from '../lib/transition.js';
import type { Principal } from '../plugins/auth.js';
import type { DocumentKind, LockedDocument } from './document-kind.js';

/**
 * The one step runner of every workflow document (docs/decisions/0026-document-kernel.md): the
 * visible row read once under its lock (404 when not visible), then the guarded update of
 * lib/transition.ts on what was read (412 If-Match, 403 not the caller's, 409 stale, in that
 * order), then the row as it was read for the effects the service writes in the same transaction.
 */

/** A document read and locked in this transaction, with the parties the viewer is on it. */
export interface Locked<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string> {
  kind: DocumentKind<Row, Status, Action, Party>;
  viewer: Principal;
  row: Row;
  parties: Party[];
  visible: SQL;
}

/** A step taken: the row as read before it, the viewer's parties, and the statuses it moved between. */
export interface Step<Row, Status extends string, Party extends string> {
  row: Row;
  parties: Party[];
  from: Status;
  to: Status;
}

type ActionOf<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string> =
  | Action
  | ((locked: Locked<Row, Status, Action, Party>) => Action);

/** The one locked read: the visible row, `select ... for update`; not visible, 404. */
export async function lockDocument<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string>(
  tx: Db,
  kind: DocumentKind<Row, Status, Action, Party>,
  viewer: Principal,
  id: string,
): Promise<Locked<Row, Status, Action, Party>> {
  const seen = visible(viewer, kind.subject);
  const row = await kind.readLocked(tx, seen, id, viewer);
  if (!row) throw notFound(kind.table.noun);
  return { kind, viewer, row, parties: kind.partiesOf(viewer, row), visible: seen };
}

/**
 * The step's checks on the locked row without taking it (before the work it carries: copying
 * approval levels, a delivery's lines): 412, 403 and 409 as the step itself would answer them.
 */
export function assertMayTake<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string>(
  locked: Locked<Row, Status, Action, Party>,
  action: Action,
): void {
  assertMayStep(
    { workflow: locked.kind.workflow, action, on: locked.kind.table, parties: locked.parties, permissions: locked.viewer.permissions },
    { status: locked.row.status, version: locked.row.updatedAt },
  );
}

/**
 * The step on a row locked in this transaction, with the columns it sets: no second read. Taken
 * once per lock: a step moves the row, so a further step locks and reads it again.
 */
export async function stepOn<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string>(
  tx: Db,
  locked: Locked<Row, Status, Action, Party>,
  action: ActionOf<Row, Status, Action, Party>,
  set: Record<string, unknown> = {},
): Promise<Step<Row, Status, Party>> {
  const { kind, row } = locked;
  const chosen = typeof action === 'function' ? action(locked) : action;
  const to = kind.workflow.actions[chosen].to;
  const { from } = await guardedUpdate(
    tx,
    {
      workflow: kind.workflow,
      action: chosen,
      on: kind.table,
      id: row.id,
      visible: locked.visible,
      parties: locked.parties,
      permissions: locked.viewer.permissions,
      set: { ...set, updatedAt: sql`now()`, ...kind.stepColumns?.(to) },
    },
    { status: row.status, version: row.updatedAt },
  );
  return { row, parties: locked.parties, from, to };
}

/** A step in one go: the locked read, then the step on it. */
export async function takeStep<Row extends LockedDocument<Status>, Status extends string, Action extends string, Party extends string>(
  tx: Db,
  kind: DocumentKind<Row, Status, Action, Party>,
  viewer: Principal,
  id: string,
  action: ActionOf<Row, Status, Action, Party>,
  set: Record<string, unknown> = {},
): Promise<Step<Row, Status, Party>> {
  return stepOn(tx, await lockDocument(tx, kind, viewer, id), action, set);
}
