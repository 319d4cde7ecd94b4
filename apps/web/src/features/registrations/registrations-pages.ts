import type { PageTable } from '../../lib/pages';

/** The super admin's registration requests. */
export const registrationPages = {
  requests: {
    id: 'registrations.requests',
    path: '/user/request',
    load: () => import('./registration-requests-page'),
    rule: 'manageUserRegistration',
    title: 'shell.menu.registrationRequest',
  },
} satisfies PageTable;
