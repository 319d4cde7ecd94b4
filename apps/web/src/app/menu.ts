import type { Permission, PermissionRule } from '@amp/contracts/permissions';
import {
  IconBuildingWarehouse,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconFileDescription,
  IconLayoutDashboard,
  IconLogout,
  IconMessageReport,
  IconPackages,
  IconReceipt,
  IconReportMoney,
  IconShieldCheck,
  IconTool,
  IconUserCircle,
  IconUserShare,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { matchPath } from 'react-router';

/**
 * The side menu of SPEC.md section 2.3, as data. A rule is one permission, any one of a list
 * (as `can()` takes them) or, for the warehouse entry, all of a list.
 */
export type MenuRule = PermissionRule | { allOf: readonly Permission[] };

export interface MenuLink {
  kind: 'link';
  route: string;
  /** Translation key of the label, also the page title. */
  label: string;
  icon?: TablerIcon;
  /** No rule: always shown. */
  rule?: MenuRule;
  /** The paths the entry stands for, when wider than its route (My Profile covers all its sections). */
  match?: string;
}

export interface MenuGroup {
  kind: 'group';
  /** Stable id, for the open/closed state. */
  id: string;
  label: string;
  icon: TablerIcon;
  /** "A group needs its group permission"; without one the group shows when any entry does. */
  rule?: MenuRule;
  children: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

const link = (route: string, label: string, rule?: MenuRule, icon?: TablerIcon, match?: string): MenuLink => ({
  kind: 'link',
  route,
  label,
  rule,
  icon,
  match,
});

export const MENU: readonly MenuItem[] = [
  link('/dashboard', 'shell.menu.dashboard', undefined, IconLayoutDashboard),
  {
    kind: 'group',
    id: 'user',
    label: 'shell.menu.user',
    icon: IconUsers,
    rule: 'manageUser',
    children: [
      link('/user/add', 'shell.menu.addUser', 'createUser'),
      link('/user/view', 'shell.menu.viewUser', 'manageUser'),
      link('/user/roles/create', 'shell.menu.createRole', 'viewUserRoles'),
      link('/user/role', 'shell.menu.userRoles', 'viewUserRoles'),
      link('/user/request', 'shell.menu.registrationRequest', 'manageUserRegistration'),
    ],
  },
  {
    kind: 'group',
    id: 'asset',
    label: 'shell.menu.asset',
    icon: IconPackages,
    rule: 'manageAsset',
    children: [
      link('/asset/asset-list', 'shell.menu.viewAsset', 'viewAsset'),
      link('/asset/cluster', 'shell.menu.viewCluster', 'viewAsset'),
    ],
  },
  {
    kind: 'group',
    id: 'assigned-asset',
    label: 'shell.menu.assignedAsset',
    icon: IconUserShare,
    rule: 'viewAssignedAsset',
    children: [
      link('/asset/assigned', 'shell.menu.organizationAsset', 'viewOrganizationAssignedAsset'),
      link('/asset/assigned/technician', 'shell.menu.assigned', 'viewTechAssignedAsset'),
    ],
  },
  link('/sla/manage', 'shell.menu.manageSla', 'manageAsset', IconShieldCheck),
  {
    kind: 'group',
    id: 'category',
    label: 'shell.menu.category',
    icon: IconCategory,
    rule: 'manageCategory',
    children: [
      link('/category/add', 'shell.menu.addCategory', 'createCategory'),
      link('/category/view', 'shell.menu.viewCategories', 'manageCategory'),
    ],
  },
  {
    kind: 'group',
    id: 'service-request',
    label: 'shell.menu.serviceRequest',
    icon: IconClipboardList,
    children: [
      link('/service-request', 'shell.menu.sendServiceRequest', 'viewSR'),
      link('/service-request/outgoing', 'shell.menu.srOutgoing', 'viewOutgoingSR'),
      link('/service-request/incoming', 'shell.menu.srIncoming', 'viewIncomingSR'),
      link('/service-request/completed', 'shell.menu.srCompleted', 'viewCompletedSR'),
      link('/service-request/observation', 'shell.menu.observations', 'manageObservation'),
      link('/service-request/observation/sent', 'shell.menu.sentObservations', 'viewSentObservation'),
    ],
  },
  {
    kind: 'group',
    id: 'work-order',
    label: 'shell.menu.workOrder',
    icon: IconTool,
    rule: 'manageWO',
    children: [
      link('/work-order/configuration', 'shell.menu.woConfiguration', 'woConfiguration'),
      link('/work-order/approval-requests', 'shell.menu.woApprovalRequests', 'approveWO'),
      link('/work-order/outgoing', 'shell.menu.woOutgoing', 'viewOutgoingWO'),
      link('/work-order/incoming', 'shell.menu.woIncoming', 'viewIncomingWO'),
      link('/work-order/completed', 'shell.menu.woCompleted', 'viewCompletedWO'),
      link('/work-order/certified', 'shell.menu.woCertified', 'viewCompletedWO'),
    ],
  },
  link('/asset/reported-faults', 'shell.menu.reportedFaults', ['manageAssetFault', 'viewAsset', 'viewAssignedAsset'], IconMessageReport),
  link('/asset/report-fault', 'shell.menu.faultPortal', 'manageAssetFault', IconFileDescription),
  link('/manage-warehouse/view', 'shell.menu.warehouse', { allOf: ['manageWarehouse', 'viewWarehouse'] }, IconBuildingWarehouse),
  {
    kind: 'group',
    id: 'purchase-order',
    label: 'shell.menu.purchaseOrder',
    icon: IconReceipt,
    rule: 'managePO',
    children: [
      link('/purchase-order/outgoing', 'shell.menu.poOutgoing', 'viewOutgoingPO'),
      link('/purchase-order/incoming', 'shell.menu.poIncoming', 'viewIncomingPO'),
      link('/purchase-order/completed', 'shell.menu.poCompleted', 'viewCompletedPO'),
      link('/purchase-order/configuration', 'shell.menu.poConfiguration', 'poConfiguration'),
      link('/purchase-order/approval', 'shell.menu.poApproval', 'approvePO'),
      link('/purchase-order/confirmation/supply', 'shell.menu.poConfirmSupply', 'confirmSupply'),
    ],
  },
  link('/pricebook/view', 'shell.menu.pricebook', 'managePricebook', IconReportMoney),
  {
    kind: 'group',
    id: 'report',
    label: 'shell.menu.report',
    icon: IconChartBar,
    rule: 'manageReport',
    children: [
      link('/report/asset', 'shell.menu.assetReport', 'viewAssetReport'),
      link('/report/sr-wo-report', 'shell.menu.srWoReport', 'viewAllSRReport'),
      link('/report/warehouse', 'shell.menu.warehouseReport', 'viewWarehouseReport'),
      link('/report/score-card', 'shell.menu.scoreCard', 'viewScoreCard'),
      link('/report/my-score-card', 'shell.menu.myScoreCard', 'viewOwnScoreCard'),
    ],
  },
  link('/user-profile/profile-overview', 'shell.menu.myProfile', undefined, IconUserCircle, '/user-profile'),
  link('/logout', 'shell.menu.signOut', undefined, IconLogout),
];

/** Whether a rule allows the user; `can` is useAuth().can (one permission or any of a list). */
export function allows(rule: MenuRule | undefined, can: (rule: PermissionRule | undefined) => boolean): boolean {
  if (rule !== undefined && typeof rule === 'object' && 'allOf' in rule) return rule.allOf.every((permission) => can(permission));
  return can(rule);
}

/** The menu the user may see: entries they hold, and groups whose rule holds with at least one entry. */
export function visibleMenu(can: (rule: PermissionRule | undefined) => boolean): MenuItem[] {
  const items: MenuItem[] = [];
  for (const item of MENU) {
    if (!allows(item.rule, can)) continue;
    if (item.kind === 'link') {
      items.push(item);
      continue;
    }
    const children = item.children.filter((child) => allows(child.rule, can));
    if (children.length > 0) items.push({ ...item, children });
  }
  return items;
}

function routeMatches(route: string, pathname: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}

/** The entry a path belongs to: the longest matching route ("/asset/assigned/technician" beats "/asset/assigned"). */
export function activeLink(items: readonly MenuItem[], pathname: string): { link: MenuLink; group?: MenuGroup } | undefined {
  let best: { link: MenuLink; group?: MenuGroup } | undefined;
  const consider = (candidate: MenuLink, group?: MenuGroup) => {
    // The dashboard matches exactly (SPEC.md section 2.2).
    const route = candidate.match ?? candidate.route;
    const matches = route === '/dashboard' ? pathname === '/dashboard' : routeMatches(route, pathname);
    if (matches && (!best || route.length > (best.link.match ?? best.link.route).length)) best = { link: candidate, group };
  };
  for (const item of items) {
    if (item.kind === 'link') consider(item);
    else for (const child of item.children) consider(child, item);
  }
  return best;
}

export interface Crumb {
  /** Translation key. */
  label: string;
  href?: string;
}

export interface PageHeading {
  /** Translation key of the title. */
  title: string;
  crumbs: Crumb[];
}

/**
 * Pages that are not menu entries get their heading here; `parent` is the menu route whose
 * group and label lead to them. My Profile's sections name the section.
 */
const OTHER_PAGES: { pattern: string; title: string; parent?: string }[] = [
  { pattern: '/user/view/:id', title: 'shell.page.userDetail', parent: '/user/view' },
  { pattern: '/user/role/:id', title: 'shell.page.roleDetail', parent: '/user/role' },
  { pattern: '/asset/cluster/add', title: 'clusters.page.add', parent: '/asset/cluster' },
  { pattern: '/asset/cluster/:id', title: 'clusters.page.detail', parent: '/asset/cluster' },
  { pattern: '/asset/cluster/:id/edit', title: 'clusters.page.edit', parent: '/asset/cluster' },
  { pattern: '/asset/assign', title: 'assignments.page.owner', parent: '/asset/asset-list' },
  { pattern: '/asset/assigned/asset/:id', title: 'assignments.page.asset', parent: '/asset/assigned' },
  { pattern: '/asset/assigned/cluster/:id', title: 'assignments.page.cluster', parent: '/asset/assigned' },
  { pattern: '/asset/assigned/technician/asset/:id', title: 'assignments.page.asset', parent: '/asset/assigned/technician' },
  { pattern: '/asset/assigned/technician/cluster/:id', title: 'assignments.page.cluster', parent: '/asset/assigned/technician' },
  { pattern: '/asset/add', title: 'assets.page.add', parent: '/asset/asset-list' },
  { pattern: '/asset/bulk/add', title: 'assetImport.page.add', parent: '/asset/asset-list' },
  { pattern: '/asset/bulk/update', title: 'assetImport.page.update', parent: '/asset/asset-list' },
  { pattern: '/asset/asset-list/:id', title: 'assets.page.detail', parent: '/asset/asset-list' },
  { pattern: '/asset/asset-list/:id/edit', title: 'assets.page.edit', parent: '/asset/asset-list' },
  { pattern: '/asset/asset-list/:id/label', title: 'assets.page.label', parent: '/asset/asset-list' },
  { pattern: '/asset/cluster/:id/labels', title: 'assets.page.clusterLabels', parent: '/asset/cluster' },
  { pattern: '/sla/manage/create', title: 'sla.page.create', parent: '/sla/manage' },
  { pattern: '/sla/manage/:id', title: 'sla.page.detail', parent: '/sla/manage' },
  { pattern: '/sla/manage/:id/edit', title: 'sla.page.edit', parent: '/sla/manage' },
  { pattern: '/user-profile/profile-overview', title: 'shell.page.profileOverview', parent: '/user-profile/profile-overview' },
  { pattern: '/user-profile/edit', title: 'shell.page.profileEdit', parent: '/user-profile/profile-overview' },
  { pattern: '/user-profile/change-password', title: 'shell.page.changePassword', parent: '/user-profile/profile-overview' },
  { pattern: '/user-profile/language', title: 'shell.page.language', parent: '/user-profile/profile-overview' },
  { pattern: '/user-profile/*', title: 'shell.menu.myProfile' },
];

function crumbsOf(found: { link: MenuLink; group?: MenuGroup } | undefined, linkLast: boolean): Crumb[] {
  if (!found) return [];
  const crumbs: Crumb[] = [];
  if (found.group) crumbs.push({ label: found.group.label });
  crumbs.push({ label: found.link.label, href: linkLast ? found.link.route : undefined });
  return crumbs;
}

/** Title and breadcrumbs of the sub-header, from the whole menu (a title leaks nothing). */
export function pageHeading(pathname: string): PageHeading {
  const home: Crumb = { label: 'shell.menu.dashboard', href: '/dashboard' };
  for (const page of OTHER_PAGES) {
    if (!matchPath(page.pattern, pathname)) continue;
    const crumbs = crumbsOf(page.parent ? activeLink(MENU, page.parent) : undefined, true);
    crumbs.push({ label: page.title });
    return { title: page.title, crumbs: [home, ...crumbs] };
  }
  const found = activeLink(MENU, pathname);
  if (!found) return { title: 'shell.page.notFound', crumbs: [home] };
  if (found.link.route === '/dashboard') return { title: found.link.label, crumbs: [{ label: 'shell.menu.dashboard' }] };
  return { title: found.link.label, crumbs: [home, ...crumbsOf(found, false)] };
}
