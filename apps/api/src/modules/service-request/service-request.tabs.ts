import { SR_TABS, type SrTab } from '@amp/contracts/service-request';
import { and } from 'drizzle-orm';
import type { DocumentLists } from '../../kernel/document-lists.js';
import { serviceRequestTabCounter, visibleServiceRequestsIn } from './service-request.reach.js';
import { counterTotalOf, inStatuses, TAB_STATUSES } from './service-request-list.repository.js';

/**
 * The service request list's tabs (Outgoing, Incoming, Completed): each tab's rows in its statuses
 * and, where the tab is exactly one side of the viewer's organisation, its total from
 * service_request_counts.
 */
export const SERVICE_REQUEST_LISTS: DocumentLists<SrTab> = {
  tabs: SR_TABS,
  tab(viewer, tab) {
    const statuses = TAB_STATUSES[tab];
    const counter = serviceRequestTabCounter(viewer, tab);
    return {
      where: and(visibleServiceRequestsIn(viewer, tab), inStatuses(statuses))!,
      counted: counter ? counterTotalOf(counter, statuses) : undefined,
    };
  },
};
