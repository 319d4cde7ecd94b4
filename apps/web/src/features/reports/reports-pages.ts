import type { PageTable } from '../../lib/pages';

/** The three reports of the Report menu (docs/product.md#reports): one page each, drawn from the report contract, and each one's print view. */
export const reportPages = {
  root: { path: '/report', redirect: '/report/asset' },
  asset: {
    id: 'reports.asset',
    path: '/report/asset',
    load: () => import('./asset-report-page'),
    rule: 'viewAssetReport',
    title: 'shell.menu.assetReport',
  },
  srWo: {
    id: 'reports.srWo',
    path: '/report/sr-wo-report',
    load: () => import('./sr-wo-report-page'),
    rule: 'viewAllSRReport',
    title: 'shell.menu.srWoReport',
  },
  warehouse: {
    id: 'reports.warehouse',
    path: '/report/warehouse',
    load: () => import('./warehouse-report-page'),
    rule: 'viewWarehouseReport',
    title: 'shell.menu.warehouseReport',
  },
} satisfies PageTable;
