import type { ApprovalDocumentType } from '@amp/contracts/approval';
import type { NotificationEvent } from '@amp/contracts/notification';
import type { Workflow } from '@amp/contracts/workflow';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Subject, Viewer } from '../access/visibility.js';
import type { Db } from '../db/client.js';
import type { WorkflowTable } from '../lib/transition.js';
import type { Principal } from '../plugins/auth.js';
import type { CodeKind } from './document-codes.js';
import type { DocumentLists } from './document-lists.js';

/** What the one locked read of a document answers at least: the columns a step is decided on. */
export interface LockedDocument<Status extends string = string> {
  id: string;
  status: Status;
  updatedAt: Date;
}

/** How the approval engine serves a document approved by cost (docs/decisions/0018-work-orders-and-approvals.md). */
export interface ApprovedByCost {
  type: ApprovalDocumentType;
  /** The documents' table (a constant, never input): its code, title and organisation fill the reminders. */
  table: string;
  reminder: NotificationEvent;
  escalation: NotificationEvent;
}

/**
 * A workflow document, declared once in its own module (docs/decisions/0026-document-kernel.md):
 * its table and workflow, who its parties are, the visibility subject that bounds its reach, its
 * generated code, where its notices lead, its list tabs and their counters, and (approved by cost)
 * how the approval engine serves it.
 */
export interface DocumentKind<
  Row extends LockedDocument<Status>,
  Status extends string = string,
  Action extends string = string,
  Party extends string = string,
  Tab extends string = string,
> {
  /** The access module's subject of its rows (also the activity's subject type). */
  subject: Subject;
  workflow: Workflow<Status, Action, Party>;
  /** Its table for the guarded update (lib/transition.ts); `noun` names it in the 404. */
  table: WorkflowTable & { version: PgColumn };
  /** The counter its generated codes draw from (kernel/document-codes.ts). */
  codeCounter: CodeKind | null;
  /** Where a click on its notification leads in the web app. */
  path: (id: string) => string;
  /**
   * The one locked read of a step: the row within `visible`, `select ... for update` of the
   * document's row, with every column the step, its parties and its effects need.
   */
  readLocked: (tx: Db, visible: SQL, id: string, viewer: Principal) => Promise<Row | undefined>;
  /** The parties the viewer is on this row (owner, provider, assignee...). */
  partiesOf: (viewer: Viewer, row: Row) => Party[];
  /** The columns every step of this kind sets besides updated_at (a last-activity stamp, a close time). */
  stepColumns?: (to: Status) => Record<string, unknown>;
  /** Its list's tabs: what each holds for a viewer and where kept counters answer its count (kernel/document-lists.ts). */
  lists?: DocumentLists<Tab>;
  approval?: ApprovedByCost;
}

/** Declares a kind with its types inferred from the declaration. */
export function defineDocumentKind<
  Row extends LockedDocument<Status>,
  Status extends string,
  Action extends string,
  Party extends string,
  Tab extends string = never,
>(kind: DocumentKind<Row, Status, Action, Party, Tab>): DocumentKind<Row, Status, Action, Party, Tab> {
  return kind;
}
