import type { PageTable } from '../../lib/pages';

const load = () => import('./profile-page');

/** My Profile: one page with a section per path (docs/product.md#my-profile). */
export const profilePages = {
  root: { path: '/user-profile', redirect: '/user-profile/profile-overview' },
  overview: { id: 'profile.overview', path: '/user-profile/profile-overview', load, title: 'shell.page.profileOverview' },
  edit: { id: 'profile.edit', path: '/user-profile/edit', load, title: 'shell.page.profileEdit', parent: 'profile.overview' },
  password: {
    id: 'profile.password',
    path: '/user-profile/change-password',
    load,
    title: 'shell.page.changePassword',
    parent: 'profile.overview',
  },
  settings: { id: 'profile.settings', path: '/user-profile/language', load, title: 'shell.page.language', parent: 'profile.overview' },
  notifications: {
    id: 'profile.notifications',
    path: '/user-profile/notifications',
    load,
    title: 'shell.page.notificationPreferences',
    parent: 'profile.overview',
  },
  activity: { id: 'profile.activity', path: '/user-profile/activity', load, title: 'shell.page.activity', parent: 'profile.overview' },
} satisfies PageTable;
