import type { PageTable } from '../../lib/pages';

/** The dashboard's route, menu entry and heading (SPEC.md sections 2.2 to 2.4). */
export const dashboardPages = {
  home: { id: 'dashboard.home', path: '/dashboard', load: () => import('./dashboard-page'), title: 'shell.menu.dashboard' },
} satisfies PageTable;
