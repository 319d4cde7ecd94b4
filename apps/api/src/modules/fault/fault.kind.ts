import { FAULT_WORKFLOW } from '@amp/contracts/fault.workflow';
import { sql } from 'drizzle-orm';
import { faults } from '../../db/schema/fault.js';
import { defineDocumentKind } from '../../kernel/document-kind.js';
import { faultParties } from './fault.parties.js';
import { isClosed, lockVisibleFault } from './fault.repository.js';
import { FAULT_LISTS } from './fault.tabs.js';

/** Where a click on a fault's notification leads in the web app. */
export const faultPath = (id: string) => `/asset/reported-faults/${id}`;

/** The fault as a document of the kernel (docs/decisions/0026-document-kernel.md); its code is its own (fault-code.ts), not counted. */
export const FAULT = defineDocumentKind({
  subject: 'fault',
  workflow: FAULT_WORKFLOW,
  table: { table: faults, id: faults.id, status: faults.status, version: faults.updatedAt, noun: 'fault' },
  codeCounter: null,
  path: faultPath,
  readLocked: lockVisibleFault,
  partiesOf: faultParties,
  // A step that closes it stamps when (the recent-faults list and the recall window read it).
  stepColumns: (to) => (isClosed(to) ? { closedAt: sql`now()` } : {}),
  lists: FAULT_LISTS,
});
