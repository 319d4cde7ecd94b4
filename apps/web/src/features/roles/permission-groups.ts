import { PERMISSIONS, type Permission } from '@amp/contracts/permissions';

export interface PermissionGroup {
  key: string;
  permissions: readonly Permission[];
}

/**
 * The permission catalogue in the order of the side menu (docs/product.md#side-menu), so an admin
 * finds a permission where they find the screen it opens. Anything added to the catalogue later
 * and not placed here lands in "Other" instead of disappearing.
 */
const GROUPS: PermissionGroup[] = [
  { key: 'users', permissions: ['manageUser', 'createUser', 'viewUserRoles', 'manageUserRegistration'] },
  {
    key: 'assets',
    permissions: [
      'manageAsset',
      'viewAsset',
      'createNewAsset',
      'viewAssignedAsset',
      'viewOrganizationAssignedAsset',
      'viewTechAssignedAsset',
    ],
  },
  { key: 'categories', permissions: ['manageCategory', 'createCategory'] },
  {
    key: 'serviceRequests',
    permissions: ['viewSR', 'viewOutgoingSR', 'viewIncomingSR', 'viewCompletedSR', 'manageObservation', 'viewSentObservation'],
  },
  { key: 'workOrders', permissions: ['manageWO', 'woConfiguration', 'approveWO', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'] },
  { key: 'faults', permissions: ['manageAssetFault'] },
  { key: 'warehouse', permissions: ['manageWarehouse', 'viewWarehouse'] },
  {
    key: 'purchaseOrders',
    permissions: ['managePO', 'viewOutgoingPO', 'viewIncomingPO', 'viewCompletedPO', 'poConfiguration', 'approvePO', 'confirmSupply'],
  },
  { key: 'pricebook', permissions: ['managePricebook'] },
  {
    key: 'reports',
    permissions: ['manageReport', 'viewAssetReport', 'viewAllSRReport', 'viewWarehouseReport', 'viewScoreCard', 'viewOwnScoreCard'],
  },
];

const placed = new Set<string>(GROUPS.flatMap((group) => group.permissions));
const other = PERMISSIONS.filter((permission) => !placed.has(permission));

export const PERMISSION_GROUPS: readonly PermissionGroup[] = other.length > 0 ? [...GROUPS, { key: 'other', permissions: other }] : GROUPS;

const catalogueIndex = new Map<string, number>(PERMISSIONS.map((permission, index) => [permission, index]));

/** One canonical order, so ticking and unticking back to the start leaves the form clean (not dirty). */
export function inCatalogueOrder(permissions: Iterable<string>): string[] {
  return [...new Set(permissions)].sort(
    (a, b) => (catalogueIndex.get(a) ?? Infinity) - (catalogueIndex.get(b) ?? Infinity) || a.localeCompare(b),
  );
}
