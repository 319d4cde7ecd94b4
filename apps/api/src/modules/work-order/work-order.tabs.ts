import { WO_TAB_STATUSES, WO_TABS, type WoTab } from '@amp/contracts/work-order';
import { and } from 'drizzle-orm';
import { VIEWER_KEYS } from '../../access/viewer.js';
import type { DocumentLists } from '../../kernel/document-lists.js';
import { visibleWorkOrdersIn, workOrderTabCounter } from './work-order.reach.js';
import { counterTotalOf, inStatuses } from './work-order-list.repository.js';

/**
 * The work order list's tabs (Outgoing, Incoming, Completed, Certified): each tab's rows in its
 * statuses, on the placeholders every viewer of a shape shares, and, where the tab is exactly one
 * side of the viewer's organisation, its total from work_order_counts.
 */
export const WORK_ORDER_LISTS: DocumentLists<WoTab> = {
  tabs: WO_TABS,
  tab(viewer, tab) {
    const statuses = WO_TAB_STATUSES[tab];
    const side = workOrderTabCounter(viewer, tab)?.side;
    return {
      where: and(visibleWorkOrdersIn(viewer, tab, VIEWER_KEYS), inStatuses(statuses))!,
      counted: side ? counterTotalOf(side, statuses) : undefined,
    };
  },
};
