import { PO_TAB_STATUSES, PO_TABS, type PoTab } from '@amp/contracts/purchase-order';
import { and, inArray } from 'drizzle-orm';
import { visible } from '../../access/visibility.js';
import { purchaseOrders } from '../../db/schema/purchase-order.js';
import type { DocumentLists } from '../../kernel/document-lists.js';
import { tabScope } from './purchase-order-list.repository.js';

/**
 * The purchase order list's tabs (Outgoing, the buyer's; Incoming, the supplier's; Completed,
 * either), each in its statuses; no counters are kept, so each is counted from its rows, capped.
 */
export const PURCHASE_ORDER_LISTS: DocumentLists<PoTab> = {
  tabs: PO_TABS,
  tab(viewer, tab) {
    return {
      where: and(tabScope(viewer, tab, visible(viewer, 'purchase_order')), inArray(purchaseOrders.status, [...PO_TAB_STATUSES[tab]]))!,
    };
  },
};
