import type { PageTable } from '../../lib/pages';

/** The super admin's failed mail, reached from the dashboard. */
export const mailPages = {
  failed: {
    id: 'mail.failed',
    path: '/mail/failed',
    load: () => import('./failed-mail-page'),
    rule: 'manageUserRegistration',
    title: 'mail.title',
    parent: 'dashboard.home',
  },
} satisfies PageTable;
