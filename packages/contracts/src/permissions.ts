/** The permission catalogue (docs/roles-and-permissions.md), with what each one allows. */
export const PERMISSION_HELP = {
  manageUser: 'View, edit, deactivate and reactivate the users of the organisation',
  createUser: 'Add users to the organisation',
  viewUserRoles: 'View and create roles, and change their permissions',
  manageUserRegistration: 'Approve or reject registration requests (super admin)',
  manageAsset: 'Manage assets, clusters and SLAs',
  viewAsset: 'View the organisation’s assets and clusters',
  createNewAsset: 'Create assets and clusters, one by one or in bulk',
  viewAssignedAsset: 'See assets assigned to the organisation (menu group)',
  viewOrganizationAssignedAsset: 'See and dispatch assets assigned to the organisation',
  viewTechAssignedAsset: 'See assets assigned to oneself as a technician',
  manageCategory: 'View categories and sub-categories (super admin)',
  createCategory: 'Add categories and sub-categories (super admin)',
  viewSR: 'Send service requests',
  viewOutgoingSR: 'See outgoing service requests',
  viewIncomingSR: 'See incoming service requests, accept and assign them',
  viewCompletedSR: 'See completed service requests',
  manageObservation: 'Report observations on service requests',
  viewSentObservation: 'See observations sent',
  manageWO: 'Work orders (menu group)',
  woConfiguration: 'Configure work-order approval levels',
  approveWO: 'Approve or reject work orders',
  viewOutgoingWO: 'See outgoing work orders',
  viewIncomingWO: 'See incoming work orders, accept, assign and complete them',
  viewCompletedWO: 'See completed and certified work orders',
  manageAssetFault: 'Report faults and review reported faults',
  manageWarehouse: 'Manage warehouses and their stock',
  viewWarehouse: 'View warehouses and their stock',
  managePO: 'Purchase orders (menu group)',
  viewOutgoingPO: 'See outgoing purchase orders',
  viewIncomingPO: 'See incoming purchase orders (suppliers)',
  viewCompletedPO: 'See completed purchase orders',
  poConfiguration: 'Configure purchase-order approval levels',
  approvePO: 'Approve or reject purchase orders',
  confirmSupply: 'Confirm the supply of purchase orders',
  managePricebook: 'Manage the pricebook',
  manageReport: 'Reports (menu group)',
  viewAssetReport: 'View the asset report',
  viewAllSRReport: 'View the service request and work order report',
  viewWarehouseReport: 'View the warehouse report',
  viewScoreCard: 'View the score cards of service providers',
  viewOwnScoreCard: 'View one’s own score card',
} as const;

export type Permission = keyof typeof PERMISSION_HELP;
export const PERMISSIONS = Object.keys(PERMISSION_HELP) as Permission[];

// The access check lives in its own module, so code that only checks (the web's first script) does not carry the help texts.
export { holds, type PermissionRule } from './permission-rules.js';

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSION_HELP, value);
}
