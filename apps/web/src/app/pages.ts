import { assetImportPages } from '../features/asset-import/asset-import-pages';
import { assetPages } from '../features/assets/assets-pages';
import { assignmentPages } from '../features/assignments/assignments-pages';
import { categoryPages } from '../features/categories/categories-pages';
import { clusterPages } from '../features/clusters/clusters-pages';
import { dashboardPages } from '../features/dashboard/dashboard-pages';
import { faultPortalPages } from '../features/fault-portal/fault-portal-pages';
import { faultPages } from '../features/faults/faults-pages';
import { mailPages } from '../features/mail/mail-pages';
import { materialRequestPages } from '../features/material-requests/material-requests-pages';
import { pricebookPages } from '../features/pricebook/pricebook-pages';
import { profilePages } from '../features/profile/profile-pages';
import { purchaseOrderPages } from '../features/purchase-orders/purchase-orders-pages';
import { registrationPages } from '../features/registrations/registrations-pages';
import { reportPages } from '../features/reports/reports-pages';
import { rolePages } from '../features/roles/roles-pages';
import { scoreCardPages } from '../features/score-cards/score-cards-pages';
import { serviceRequestFormPages } from '../features/service-requests/service-request-forms-pages';
import { serviceRequestPages } from '../features/service-requests/service-requests-pages';
import { slaPages } from '../features/sla/sla-pages';
import { userPages } from '../features/users/users-pages';
import { warehousePages } from '../features/warehouses/warehouses-pages';
import { workOrderAdminPages } from '../features/work-orders/work-order-admin-pages';
import { workOrderPages } from '../features/work-orders/work-orders-pages';
import { isRedirect, type PageDefinition, type PageTable, type RedirectDefinition } from '../lib/pages';

/** Every feature's table of signed-in pages; a new feature adds its table here and its entries to menu.ts. */
const TABLES: readonly PageTable[] = [
  dashboardPages,
  userPages,
  rolePages,
  registrationPages,
  mailPages,
  assetPages,
  clusterPages,
  assignmentPages,
  assetImportPages,
  faultPages,
  serviceRequestPages,
  serviceRequestFormPages,
  workOrderPages,
  workOrderAdminPages,
  slaPages,
  pricebookPages,
  purchaseOrderPages,
  warehousePages,
  materialRequestPages,
  reportPages,
  scoreCardPages,
  faultPortalPages,
  categoryPages,
  profilePages,
];

const entries = TABLES.flatMap((table) => Object.values(table));

export const PAGES: readonly PageDefinition[] = entries.filter((entry): entry is PageDefinition => !isRedirect(entry));
export const REDIRECTS: readonly RedirectDefinition[] = entries.filter(isRedirect);

const byId = new Map(PAGES.map((page) => [page.id, page]));

// A mistyped id or parent would quietly drop a breadcrumb: fail at start instead.
for (const page of PAGES) {
  if (PAGES.filter((other) => other.id === page.id).length > 1) throw new Error(`Two pages are called ${page.id}`);
  if (page.parent && !byId.has(page.parent)) throw new Error(`${page.id}: no page ${page.parent}`);
}

export function pageById(id: string): PageDefinition | undefined {
  return byId.get(id);
}
