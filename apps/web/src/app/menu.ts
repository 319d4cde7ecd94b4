import type { PermissionRule } from '@amp/contracts/permissions';
import {
  IconBuildingWarehouse,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconFileDescription,
  IconLayoutDashboard,
  IconLogout,
  IconMessageReport,
  IconPackageExport,
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
import { assetPages } from '../features/assets/assets-pages';
import { assignmentPages } from '../features/assignments/assignments-pages';
import { categoryPages } from '../features/categories/categories-pages';
import { clusterPages } from '../features/clusters/clusters-pages';
import { dashboardPages } from '../features/dashboard/dashboard-pages';
import { faultPortalPages } from '../features/fault-portal/fault-portal-pages';
import { faultPages } from '../features/faults/faults-pages';
import { materialRequestPages } from '../features/material-requests/material-requests-pages';
import { pricebookPages } from '../features/pricebook/pricebook-pages';
import { profilePages } from '../features/profile/profile-pages';
import { purchaseOrderPages } from '../features/purchase-orders/purchase-orders-pages';
import { registrationPages } from '../features/registrations/registrations-pages';
import { reportPages } from '../features/reports/reports-pages';
import { rolePages } from '../features/roles/roles-pages';
import { scoreCardPages } from '../features/score-cards/score-cards-pages';
import { serviceRequestFormPages } from '../features/service-requests/service-request-forms-pages';
import { SENDS_SERVICE_REQUESTS, serviceRequestPages } from '../features/service-requests/service-requests-pages';
import { slaPages } from '../features/sla/sla-pages';
import { userPages } from '../features/users/users-pages';
import { warehousePages } from '../features/warehouses/warehouses-pages';
import { workOrderAdminPages } from '../features/work-orders/work-order-admin-pages';
import { workOrderPages } from '../features/work-orders/work-orders-pages';
import { type AccessRule, allows, type PageDefinition } from '../lib/pages';
import { pageById } from './pages';

export { allows };

/** A menu entry's rule (see AccessRule). */
export type MenuRule = AccessRule;

export interface MenuLink {
  kind: 'link';
  route: string;
  /** Translation key of the label. */
  label: string;
  icon?: TablerIcon;
  /** No rule: always shown. */
  rule?: MenuRule;
  /** The page the entry opens; none while its module is still to come (the in-shell not-found page shows). */
  page?: string;
  /** Another label for those who do not meet `unless` (the entry leads them elsewhere). */
  otherwise?: { unless: AccessRule; label: string };
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

/** An entry for a page of a feature's table: its path, rule and title come from there. */
const link = (page: PageDefinition, icon?: TablerIcon, label = page.title): MenuLink => ({
  kind: 'link',
  route: page.path,
  label,
  rule: page.rule,
  icon,
  page: page.id,
});

/** An entry of docs/product.md#side-menu whose module has not landed yet; it moves into that feature's table when it does. */
const upcoming = (route: string, label: string, rule?: MenuRule, icon?: TablerIcon): MenuLink => ({
  kind: 'link',
  route,
  label,
  rule,
  icon,
});

/** The side menu of docs/product.md#side-menu, in its order. */
export const MENU: readonly MenuItem[] = [
  link(dashboardPages.home, IconLayoutDashboard),
  {
    kind: 'group',
    id: 'user',
    label: 'shell.menu.user',
    icon: IconUsers,
    rule: 'manageUser',
    children: [link(userPages.add), link(userPages.view), link(rolePages.create), link(rolePages.list), link(registrationPages.requests)],
  },
  {
    kind: 'group',
    id: 'asset',
    label: 'shell.menu.asset',
    icon: IconPackages,
    rule: 'manageAsset',
    children: [link(assetPages.list), link(clusterPages.list)],
  },
  {
    kind: 'group',
    id: 'assigned-asset',
    label: 'shell.menu.assignedAsset',
    icon: IconUserShare,
    rule: 'viewAssignedAsset',
    children: [link(assignmentPages.provider), link(assignmentPages.technician)],
  },
  link(slaPages.list, IconShieldCheck),
  {
    kind: 'group',
    id: 'category',
    label: 'shell.menu.category',
    icon: IconCategory,
    rule: 'manageCategory',
    children: [link(categoryPages.add), link(categoryPages.view)],
  },
  {
    kind: 'group',
    id: 'service-request',
    label: 'shell.menu.serviceRequest',
    icon: IconClipboardList,
    children: [
      // Those who cannot send are led to their Incoming list (the page's `elsewhere`).
      {
        ...link(serviceRequestPages.home),
        otherwise: { unless: SENDS_SERVICE_REQUESTS, label: 'shell.menu.srHome' },
      },
      link(serviceRequestPages.outgoing),
      link(serviceRequestPages.incoming),
      link(serviceRequestPages.completed),
      link(serviceRequestFormPages.observationQueue, undefined, 'shell.menu.observations'),
      link(serviceRequestFormPages.sentObservations, undefined, 'shell.menu.sentObservations'),
    ],
  },
  {
    kind: 'group',
    id: 'work-order',
    label: 'shell.menu.workOrder',
    icon: IconTool,
    rule: 'manageWO',
    children: [
      link(workOrderAdminPages.configuration),
      link(workOrderAdminPages.approvalRequests),
      link(workOrderPages.outgoing),
      link(workOrderPages.incoming),
      link(workOrderPages.completed),
      link(workOrderPages.certified),
    ],
  },
  link(faultPages.list, IconMessageReport),
  link(faultPortalPages.report, IconFileDescription),
  link(warehousePages.list, IconBuildingWarehouse),
  link(materialRequestPages.list, IconPackageExport),
  {
    kind: 'group',
    id: 'purchase-order',
    label: 'shell.menu.purchaseOrder',
    icon: IconReceipt,
    rule: 'managePO',
    children: [
      link(purchaseOrderPages.outgoing),
      link(purchaseOrderPages.incoming),
      link(purchaseOrderPages.completed),
      link(purchaseOrderPages.configuration),
      link(purchaseOrderPages.approval),
      link(purchaseOrderPages.supply),
    ],
  },
  link(pricebookPages.list, IconReportMoney),
  {
    kind: 'group',
    id: 'report',
    label: 'shell.menu.report',
    icon: IconChartBar,
    rule: 'manageReport',
    children: [
      link(reportPages.asset),
      link(reportPages.srWo),
      link(reportPages.warehouse),
      link(scoreCardPages.list),
      link(scoreCardPages.mine),
    ],
  },
  link(profilePages.overview, IconUserCircle, 'shell.menu.myProfile'),
  // A public route (it signs out and leaves the shell), so it is no page of a signed-in table.
  upcoming('/logout', 'shell.menu.signOut', undefined, IconLogout),
];

/** The menu the user may see: entries they hold, and groups whose rule holds with at least one entry. */
export function visibleMenu(can: (rule: PermissionRule | undefined) => boolean): MenuItem[] {
  const items: MenuItem[] = [];
  for (const item of MENU) {
    if (!allows(item.rule, can)) continue;
    if (item.kind === 'link') {
      items.push(labelled(item, can));
      continue;
    }
    const children = item.children.filter((child) => allows(child.rule, can)).map((child) => labelled(child, can));
    if (children.length > 0) items.push({ ...item, children });
  }
  return items;
}

/** The entry with the label that fits the user (`otherwise`). */
function labelled(entry: MenuLink, can: (rule: PermissionRule | undefined) => boolean): MenuLink {
  return entry.otherwise && !allows(entry.otherwise.unless, can) ? { ...entry, label: entry.otherwise.label } : entry;
}

interface MenuPlace {
  link: MenuLink;
  group?: MenuGroup;
}

function findInMenu(items: readonly MenuItem[], matches: (entry: MenuLink) => boolean): MenuPlace | undefined {
  for (const item of items) {
    if (item.kind === 'link') {
      if (matches(item)) return { link: item };
    } else {
      const child = item.children.find(matches);
      if (child) return { link: child, group: item };
    }
  }
  return undefined;
}

/**
 * The entry the page being shown belongs to: the page's own entry, else the entry of its nearest
 * parent (an asset's page lights "View Asset"); on the not-found page, the entry of that very path
 * (a module still to come).
 */
export function activeLink(items: readonly MenuItem[], pageId: string | undefined, pathname: string): MenuPlace | undefined {
  if (!pageId) return findInMenu(items, (entry) => !entry.page && entry.route === pathname);
  for (let page = pageById(pageId); page; page = page.parent ? pageById(page.parent) : undefined) {
    const id = page.id;
    const found = findInMenu(items, (entry) => entry.page === id);
    if (found) return found;
  }
  return undefined;
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

/** The crumbs that lead to a page, ending with the page itself (no link on that one). */
function trail(page: PageDefinition): Crumb[] {
  const parent = page.parent ? pageById(page.parent) : undefined;
  if (parent) {
    const before = trail(parent);
    const last = before.pop();
    // The parent's own crumb becomes a link, unless the crumb before it already leads there.
    if (last && before.at(-1)?.href !== parent.path) before.push({ ...last, href: parent.path.includes(':') ? undefined : parent.path });
    return [...before, { label: page.title }];
  }
  const place = findInMenu(MENU, (entry) => entry.page === page.id);
  const crumbs: Crumb[] = [];
  if (place?.group) crumbs.push({ label: place.group.label });
  if (place && place.link.label !== page.title) crumbs.push({ label: place.link.label, href: page.path });
  crumbs.push({ label: page.title });
  return crumbs;
}

/**
 * Title and breadcrumbs of the sub-header, from the page's table entry and the whole menu (a
 * title leaks nothing). Without a page (the not-found route), a menu entry of a module still to
 * come keeps its own title; any other path is "Page not found".
 */
export function pageHeading(page: PageDefinition | undefined, pathname: string): PageHeading {
  const home: Crumb = { label: dashboardPages.home.title, href: dashboardPages.home.path };
  if (page?.id === dashboardPages.home.id) return { title: page.title, crumbs: [{ label: page.title }] };
  if (page) {
    const crumbs = trail(page);
    // A page under the dashboard itself (e.g. failed mail) already starts at home.
    return { title: page.title, crumbs: crumbs[0]?.href === home.href ? crumbs : [home, ...crumbs] };
  }
  const place = activeLink(MENU, undefined, pathname);
  if (!place) return { title: 'common.notFound.title', crumbs: [home] };
  const crumbs: Crumb[] = [home];
  if (place.group) crumbs.push({ label: place.group.label });
  crumbs.push({ label: place.link.label });
  return { title: place.link.label, crumbs };
}
