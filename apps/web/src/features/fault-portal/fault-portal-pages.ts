import type { PageTable } from '../../lib/pages';

/** The signed-in fault reporting pages (the public portal and tracking pages are routes of their own in app/router.tsx). */
export const faultPortalPages = {
  report: {
    id: 'faultPortal.report',
    path: '/asset/report-fault',
    load: () => import('./staff-fault-page'),
    rule: 'manageAssetFault',
    title: 'shell.menu.faultPortal',
  },
  edit: {
    id: 'faultPortal.edit',
    path: '/asset/report-fault/edit/:id',
    load: () => import('./edit-fault-page'),
    rule: 'manageAssetFault',
    title: 'faultPortal.page.edit',
    parent: 'faultPortal.report',
  },
  review: {
    id: 'faultPortal.review',
    path: '/service-request/fault',
    load: () => import('./fault-review-page'),
    // Sent as the user's own report, which needs this permission.
    rule: 'manageAssetFault',
    title: 'faultPortal.page.review',
    parent: 'faultPortal.report',
  },
} satisfies PageTable;
