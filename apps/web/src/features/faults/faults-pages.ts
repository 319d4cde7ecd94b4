import type { PageTable } from '../../lib/pages';

/** Reported faults: the list with its tabs and one fault's page. */
export const faultPages = {
  list: {
    id: 'faults.list',
    path: '/asset/reported-faults',
    load: () => import('./fault-list-page'),
    rule: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'],
    title: 'shell.menu.reportedFaults',
  },
  detail: {
    id: 'faults.detail',
    path: '/asset/reported-faults/:id',
    load: () => import('./fault-detail-page'),
    rule: ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'],
    title: 'faults.page.detail',
    parent: 'faults.list',
  },
} satisfies PageTable;
