import type { PermissionRule } from '@amp/contracts/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { RequireAuth, RequireGuest, RequirePermission } from './guards';

function PageLoading() {
  return <LoadingOverlay />;
}

/**
 * A lazily loaded page: each page is its own chunk, so the login page stays small. It is never an
 * index route, so layouts built with it may take children.
 */
function page(load: () => Promise<{ default: ComponentType }>, permission?: PermissionRule): NonIndexRouteObject {
  return {
    // Shown while the first page's chunk loads (React Router warns without one).
    HydrateFallback: PageLoading,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: permission
          ? () => (
              <RequirePermission rule={permission}>
                <Page />
              </RequirePermission>
            )
          : Page,
      };
    },
  };
}

export const routes: RouteObject[] = [
  { path: '/', ...page(() => import('../features/landing/landing-page')) },
  {
    path: '/auth',
    element: <RequireGuest />,
    children: [
      { index: true, element: <Navigate to="/auth/login" replace /> },
      {
        ...page(() => import('../features/auth/auth-layout')),
        children: [
          { path: 'login', ...page(() => import('../features/auth/login-page')) },
          { path: 'registration', ...page(() => import('../features/auth/registration-page')) },
          { path: 'register', element: <Navigate to="/auth/registration" replace /> },
          { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
          { path: 'reset-password/:resetToken', ...page(() => import('../features/auth/reset-password-page')) },
        ],
      },
    ],
  },
  { path: '/logout', ...page(() => import('../features/auth/logout-page')) },
  { path: '/error', element: <Navigate to="/error/error-v1" replace /> },
  { path: '/error/error-v1', ...page(() => import('../components/not-found-page')) },
  { path: '/unauthorized', ...page(() => import('../components/unauthorized-page')) },
  {
    element: <RequireAuth />,
    children: [
      {
        ...page(() => import('./shell/shell')),
        children: [
          { path: '/dashboard', ...page(() => import('../features/dashboard/dashboard-page')) },
          { path: '/user/add', ...page(() => import('../features/users/add-user-page'), 'createUser') },
          { path: '/user/view', ...page(() => import('../features/users/view-users-page'), 'manageUser') },
          { path: '/user/view/:id', ...page(() => import('../features/users/user-detail-page'), 'manageUser') },
          { path: '/user/roles/create', ...page(() => import('../features/roles/create-role-page'), 'viewUserRoles') },
          { path: '/user/role', ...page(() => import('../features/roles/roles-page'), 'viewUserRoles') },
          { path: '/user/role/:id', ...page(() => import('../features/roles/role-detail-page'), 'viewUserRoles') },
          {
            path: '/user/request',
            ...page(() => import('../features/registrations/registration-requests-page'), 'manageUserRegistration'),
          },
          { path: '/asset/cluster', ...page(() => import('../features/clusters/cluster-list-page'), 'viewAsset') },
          { path: '/asset/cluster/add', ...page(() => import('../features/clusters/add-cluster-page'), 'createNewAsset') },
          { path: '/asset/cluster/:id', ...page(() => import('../features/clusters/cluster-detail-page'), 'viewAsset') },
          { path: '/asset/cluster/:id/edit', ...page(() => import('../features/clusters/edit-cluster-page'), 'manageAsset') },
          { path: '/asset/assign', ...page(() => import('../features/assignments/owner-assignments-page'), 'manageAsset') },
          {
            path: '/asset/assigned',
            ...page(() => import('../features/assignments/organization-assets-page'), 'viewOrganizationAssignedAsset'),
          },
          {
            path: '/asset/assigned/technician',
            ...page(() => import('../features/assignments/technician-assigned-page'), 'viewTechAssignedAsset'),
          },
          {
            path: '/asset/assigned/asset/:id',
            ...page(() => import('../features/assignments/assigned-asset-page'), 'viewOrganizationAssignedAsset'),
          },
          {
            path: '/asset/assigned/cluster/:id',
            ...page(() => import('../features/assignments/assigned-cluster-page'), 'viewOrganizationAssignedAsset'),
          },
          {
            path: '/asset/assigned/technician/asset/:id',
            ...page(() => import('../features/assignments/assigned-asset-page'), 'viewTechAssignedAsset'),
          },
          {
            path: '/asset/assigned/technician/cluster/:id',
            ...page(() => import('../features/assignments/assigned-cluster-page'), 'viewTechAssignedAsset'),
          },
          { path: '/asset/asset-list', ...page(() => import('../features/assets/asset-list-page'), 'viewAsset') },
          { path: '/asset/add', ...page(() => import('../features/assets/add-asset-page'), 'createNewAsset') },
          { path: '/asset/bulk/add', ...page(() => import('../features/asset-import/bulk-add-page'), 'createNewAsset') },
          { path: '/asset/bulk/update', ...page(() => import('../features/asset-import/bulk-update-page'), 'createNewAsset') },
          { path: '/asset/asset-list/:id', ...page(() => import('../features/assets/asset-detail-page'), 'viewAsset') },
          { path: '/asset/asset-list/:id/edit', ...page(() => import('../features/assets/edit-asset-page'), 'manageAsset') },
          { path: '/asset/asset-list/:id/label', ...page(() => import('../features/assets/asset-label-page'), 'viewAsset') },
          { path: '/asset/cluster/:id/labels', ...page(() => import('../features/assets/cluster-labels-page'), 'viewAsset') },
          { path: '/sla', element: <Navigate to="/sla/manage" replace /> },
          { path: '/sla/manage', ...page(() => import('../features/sla/sla-list-page'), 'manageAsset') },
          { path: '/sla/manage/create', ...page(() => import('../features/sla/sla-create-page'), 'manageAsset') },
          { path: '/sla/manage/:id', ...page(() => import('../features/sla/sla-detail-page'), 'manageAsset') },
          { path: '/sla/manage/:id/edit', ...page(() => import('../features/sla/sla-edit-page'), 'manageAsset') },
          { path: '/category/add', ...page(() => import('../features/categories/add-category-page'), 'createCategory') },
          { path: '/category/view', ...page(() => import('../features/categories/view-categories-page'), 'manageCategory') },
          { path: '/user-profile', element: <Navigate to="/user-profile/profile-overview" replace /> },
          { path: '/user-profile/:section', ...page(() => import('../features/profile/profile-page')) },
        ],
      },
    ],
  },
  { path: '*', ...page(() => import('../components/not-found-page')) },
];

export const router = createBrowserRouter(routes);
