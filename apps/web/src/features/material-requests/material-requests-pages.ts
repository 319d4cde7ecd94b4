import type { Permission } from '@amp/contracts/permissions';
import type { PageTable } from '../../lib/pages';

/** Who asks a warehouse for materials (a technician through manageWO) or keeps and views one. */
export const REQUESTS_MATERIALS: readonly Permission[] = ['manageWO', 'manageWarehouse', 'viewWarehouse'];

/**
 * The material request pages (docs/product.md#material-requests; issue 11): the three lists (one page,
 * its tab in the URL), the form and one request's page, where its warehouse's managers decide.
 */
export const materialRequestPages = {
  list: {
    id: 'materialRequests.list',
    path: '/material-request',
    load: () => import('./material-request-list-page'),
    rule: REQUESTS_MATERIALS,
    title: 'materialRequests.page.list',
  },
  create: {
    id: 'materialRequests.create',
    path: '/material-request/new',
    load: () => import('./material-request-form-page'),
    rule: REQUESTS_MATERIALS,
    title: 'materialRequests.page.create',
    parent: 'materialRequests.list',
  },
  detail: {
    id: 'materialRequests.detail',
    path: '/material-request/:id',
    load: () => import('./material-request-detail-page'),
    rule: REQUESTS_MATERIALS,
    title: 'materialRequests.page.detail',
    parent: 'materialRequests.list',
  },
} satisfies PageTable;
