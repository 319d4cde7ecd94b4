import type { ActivityAction } from '@amp/contracts/activity';
import type { NotificationEvent } from '@amp/contracts/notification';
import type { Permission } from '@amp/contracts/permissions';
import { and, asc, eq, type GetColumnData, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Viewer } from '../access/viewer.js';
import { visible } from '../access/visibility.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { forbidden, invalidField, notFound } from '../lib/errors.js';
import { type Effects, write } from '../lib/write.js';
import { staffHolding } from '../modules/user/user.public.js';
import type { Principal } from '../plugins/auth.js';
import type { DocumentKind, LockedDocument } from './document-kind.js';
import { takeStep } from './step-runner.js';

/**
 * The staff assignment of a workflow document, a shared engine of the kernel
 * (docs/decisions/0026-document-kernel.md): the provider's staff a manager may assign, the staff
 * assigned, and the assign step (the chosen staff checked, added to those already assigned, the
 * newly assigned and the owner told). Each document declares where its assignees live and what its
 * assignment writes (`defineStaffAssignment`, beside its kind); the tables stay its module's.
 */

/** The document's assignee rows: one per (document, user), with who assigned them and when. */
export interface AssigneeTable {
  table: PgTable;
  document: PgColumn;
  user: PgColumn;
  assignedAt: PgColumn;
  assignedBy: PgColumn;
}

/** What the assign step's effects read of the document's locked row. */
export interface StaffedDocument<Status extends string = string> extends LockedDocument<Status> {
  code: string;
  title: string;
  /** The owner. */
  organisationId: string;
  providerName: string;
}

/** The assign step's row and write, for what a document does besides on an assignment. */
export interface Assigned<Row> {
  deps: Deps;
  tx: Db;
  fx: Effects;
  row: Row;
}

/** The columns of the document its provider side is read from: its provider column among them. */
export type SideColumns = { providerId: PgColumn } & Record<string, PgColumn>;
/** Those columns as read. */
export type SideOf<Side extends SideColumns> = { [Key in keyof Side]: GetColumnData<Side[Key]> };

export interface StaffAssignment<
  Row extends StaffedDocument<Status>,
  Status extends string,
  Action extends string,
  Party extends string,
  Side extends SideColumns,
> {
  kind: DocumentKind<Row, Status, Action, Party>;
  assignees: AssigneeTable;
  /**
   * The document's columns its provider side is read from for the staff options (its provider
   * column `providerId` among them), and whether the viewer is that provider on them.
   */
  side: Side;
  isProvider: (viewer: Viewer, side: SideOf<Side>) => boolean;
  /** The permission (besides being an admin) that makes a provider's active user assignable. */
  working: Permission;
  /** The workflow step that assigns: its `from` statuses are those in which staff may be assigned. */
  step: Action;
  /** The activity written on the document, with its code and the names of the newly assigned. */
  activity: ActivityAction;
  /** Told to the newly assigned. */
  assignedEvent: NotificationEvent;
  /** Told to the owner's admins and the holders of `ownerHears`, with the provider and the names. */
  staffedEvent: NotificationEvent;
  ownerHears: readonly Permission[];
  /** What else the document records on an assignment, after its activity (a fault's work started). */
  onAssigned?: (assigned: Assigned<Row>) => Promise<void>;
}

/** Declares a document's staff assignment with its types inferred from the declaration. */
export function defineStaffAssignment<
  Row extends StaffedDocument<Status>,
  Status extends string,
  Action extends string,
  Party extends string,
  Side extends SideColumns,
>(declaration: StaffAssignment<Row, Status, Action, Party, Side>): StaffAssignment<Row, Status, Action, Party, Side> {
  return declaration;
}

// biome-ignore lint/suspicious/noExplicitAny: any document's declaration (its types matter only inside it)
type AnyStaffAssignment = StaffAssignment<any, any, any, any, any>;

/** The property of a table that holds this column (drizzle's insert takes properties, not column names). */
export function propertyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`The column "${column.name}" is not a column of its assignee table`);
  return found[0];
}

/** "First Last" of a user. */
const nameOf = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/**
 * The provider's active staff who work on the document (its admins, or holders of the declared
 * permission), with their role, by name; `ids` narrows to those.
 */
export function workingStaffOf(db: Db, staff: Pick<AnyStaffAssignment, 'working'>, providerId: string, ids?: readonly string[]) {
  return staffHolding(db, providerId, [staff.working], { ids });
}

/** The staff assigned to a document, in the order they were. */
export async function assigneesOf(
  db: Db,
  staff: Pick<AnyStaffAssignment, 'assignees'>,
  id: string,
): Promise<{ id: string; firstName: string; lastName: string; assignedAt: Date }[]> {
  const { table, document, user, assignedAt } = staff.assignees;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, assignedAt })
    .from(table)
    .innerJoin(users, eq(users.id, user))
    .where(eq(document, id))
    .orderBy(asc(assignedAt), asc(users.id));
  return rows as { id: string; firstName: string; lastName: string; assignedAt: Date }[];
}

/** Adds staff to a document; answers the ones that were not assigned yet. */
export async function addAssignees(
  tx: Db,
  staff: Pick<AnyStaffAssignment, 'assignees'>,
  id: string,
  userIds: readonly string[],
  by: string,
) {
  const { table, document, user, assignedBy } = staff.assignees;
  const [documentKey, userKey, byKey] = [propertyOf(table, document), propertyOf(table, user), propertyOf(table, assignedBy)];
  const rows = await tx
    .insert(table)
    .values(userIds.map((userId) => ({ [documentKey]: id, [userKey]: userId, [byKey]: by })))
    .onConflictDoNothing()
    .returning({ userId: user });
  return rows.map((row) => row.userId as string);
}

/** The provider's staff a manager may assign to a document the caller sees (404), as its provider (403). */
export async function staffOptions(db: Db, staff: AnyStaffAssignment, principal: Principal, id: string) {
  const { kind } = staff;
  const [side] = await db
    .select(staff.side)
    .from(kind.table.table)
    .where(and(eq(kind.table.id, id), visible(principal, kind.subject)))
    .limit(1);
  if (!side) throw notFound(kind.table.noun);
  if (!staff.isProvider(principal, side)) throw forbidden();
  const [working, assigned] = await Promise.all([workingStaffOf(db, staff, side.providerId as string), assigneesOf(db, staff, id)]);
  const taken = new Set(assigned.map((member) => member.id));
  return working.map((member) => ({ _id: member.id, name: nameOf(member), role: member.role, assigned: taken.has(member.id) }));
}

/**
 * The provider assigns its staff (its own colleagues, who work on the document); those already
 * assigned stay. The step checks the caller is the document's provider and its status; only the
 * newly assigned are written down and told.
 */
export async function assignStaff<
  Row extends StaffedDocument<Status>,
  Status extends string,
  Action extends string,
  Party extends string,
  Side extends SideColumns,
>(deps: Deps, staff: StaffAssignment<Row, Status, Action, Party, Side>, principal: Principal, id: string, chosen: readonly string[]) {
  const { kind } = staff;
  const wanted = [...new Set(chosen)];
  const members = await workingStaffOf(deps.db, staff, principal.organisationId, wanted);
  if (members.length !== wanted.length) throw invalidField('users', 'VALIDATION.NOT_VALID', { field: 'Staff' });
  await write(deps, principal, async (tx, fx) => {
    const { row } = await takeStep(tx, kind, principal, id, staff.step);
    const added = await addAssignees(tx, staff, id, wanted, principal.userId);
    if (added.length === 0) return;
    const names = members
      .filter((member) => added.includes(member.id))
      .map(nameOf)
      .join(', ');
    const path = kind.path(id);
    fx.activity({ action: staff.activity, params: { code: row.code, names }, subject: { type: kind.subject, id } });
    await staff.onAssigned?.({ deps, tx, fx, row });
    const params = { code: row.code, title: row.title };
    fx.notify({ event: staff.assignedEvent, to: { users: added }, params, path });
    fx.notify({
      event: staff.staffedEvent,
      to: { organisation: row.organisationId, permission: staff.ownerHears },
      params: { ...params, provider: row.providerName, names },
      path,
    });
  });
}
