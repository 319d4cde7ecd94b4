import type { PageTable } from '../../lib/pages';

/** The dashboard's route, menu entry and heading (docs/product.md#dashboard). */
export const dashboardPages = {
  home: { id: 'dashboard.home', path: '/dashboard', load: () => import('./dashboard-page'), title: 'shell.menu.dashboard' },
} satisfies PageTable;
