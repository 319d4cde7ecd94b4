import { CLOSED_FAULT_STATUSES, type FaultTab, OPEN_FAULT_STATUSES } from '@amp/contracts/fault';
import { and, eq } from 'drizzle-orm';
import { VIEWER_KEYS, type Viewer } from '../../access/viewer.js';
import { faults } from '../../db/schema/fault.js';
import type { DocumentLists } from '../../kernel/document-lists.js';
import { faultsAwaitingViewer, ownerFaultApprovals, ownerFaultTab, visibleFaults, visibleFaultsIn } from './fault.reach.js';
import { counterTotal, type FaultScope } from './fault-list.repository.js';

/**
 * A tab's scope on "faults": the faults the viewer sees in it (visibleFaultsIn writes the tab's
 * statuses into each reach, so the owner's open tab is organisation_id = $1 and status in (...)),
 * on the placeholders of VIEWER_KEYS: the list and the counts prepare it once for every viewer.
 * Where the access module says the tab is exactly the viewer's organisation's faults in some
 * statuses (ownerFaultTab, ownerFaultApprovals), its total is the owner's counters.
 */
export function faultTabScope(viewer: Viewer, tab: FaultTab): FaultScope {
  switch (tab) {
    case 'open':
      return {
        where: visibleFaultsIn(viewer, OPEN_FAULT_STATUSES, VIEWER_KEYS),
        counted: ownerFaultTab(viewer, OPEN_FAULT_STATUSES),
      };
    case 'closed':
      return {
        where: visibleFaultsIn(viewer, CLOSED_FAULT_STATUSES, VIEWER_KEYS),
        counted: ownerFaultTab(viewer, CLOSED_FAULT_STATUSES),
      };
    case 'approval':
      return {
        where: and(visibleFaults(viewer, VIEWER_KEYS), faultsAwaitingViewer(viewer, VIEWER_KEYS))!,
        counted: ownerFaultApprovals(viewer),
      };
    case 'mine':
      return {
        where: and(visibleFaultsIn(viewer, OPEN_FAULT_STATUSES, VIEWER_KEYS), eq(faults.reporterUserId, VIEWER_KEYS.userId))!,
        counted: undefined,
      };
    case 'all':
      return { where: visibleFaults(viewer, VIEWER_KEYS), counted: undefined };
  }
}

/** The tabs the list's counts answer (All is the list of every fault the viewer sees, not counted). */
const COUNTED_TABS = ['open', 'closed', 'approval', 'mine'] as const;

/** The fault list's counted tabs: each tab's scope, and the owner's counters where they answer it. */
export const FAULT_LISTS: DocumentLists<(typeof COUNTED_TABS)[number]> = {
  tabs: COUNTED_TABS,
  tab(viewer, tab) {
    const { where, counted } = faultTabScope(viewer, tab);
    return { where, counted: counted ? counterTotal(counted) : undefined };
  },
};
