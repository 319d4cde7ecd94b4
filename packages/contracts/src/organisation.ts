import type { Permission } from './permissions.js';

/** Organisation kinds (docs/product.md#who-uses-amp). */
export const ORGANISATION_KINDS = ['platform', 'asset_owner', 'mro', 'imo', 'external_technician', 'supplier'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** An organisation's status: a registration waits as pending until the platform approves or rejects it. */
export const ORGANISATION_STATUSES = ['pending', 'active', 'rejected'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** The kinds a registration may ask for (everything but the platform itself). */
export const ACCOUNT_TYPES = ['asset_owner', 'mro', 'imo', 'external_technician', 'supplier'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<OrganisationKind, string> = {
  platform: 'Platform',
  asset_owner: 'Asset Owner',
  mro: 'MRO',
  imo: 'IMO',
  external_technician: 'External Technician',
  supplier: 'Supplier',
};

/** Provider kinds: the receiver types of docs/product.md#who-uses-amp (IMO, MRO, EXT. TECHNICIAN). */
export const PROVIDER_KINDS = ['mro', 'imo', 'external_technician'] as const satisfies readonly OrganisationKind[];

/** System roles: one per kind, plus Technician for the staff of providers. */
export const SYSTEM_ROLE_KEYS = ['super_admin', 'asset_owner', 'mro', 'imo', 'technician', 'external_technician', 'supplier'] as const;
export type SystemRoleKey = (typeof SYSTEM_ROLE_KEYS)[number];

const userAdmin: Permission[] = ['manageUser', 'createUser', 'viewUserRoles'];
const providerWork: Permission[] = [
  'viewAssignedAsset',
  'viewOrganizationAssignedAsset',
  'manageAssetFault',
  'viewSR',
  'viewIncomingSR',
  'viewCompletedSR',
  'manageObservation',
  'viewSentObservation',
  'manageWO',
  'viewIncomingWO',
  'viewCompletedWO',
  // Each provider keeps the pricebook its observations price from (issue 9).
  'managePricebook',
];
const buyer: Permission[] = [
  'manageWarehouse',
  'viewWarehouse',
  'managePO',
  'viewOutgoingPO',
  'viewCompletedPO',
  'poConfiguration',
  'approvePO',
  'confirmSupply',
];

/**
 * Default permissions per system role, as docs/roles-and-permissions.md#default-permissions shows them.
 * docs/roles-and-permissions.md shows this table; keep the two in step.
 */
export const SYSTEM_ROLES: Record<SystemRoleKey, { name: string; kinds: OrganisationKind[]; permissions: Permission[] }> = {
  super_admin: {
    name: 'Super Admin',
    kinds: ['platform'],
    permissions: [
      ...userAdmin,
      'manageUserRegistration',
      'manageCategory',
      'createCategory',
      'manageReport',
      'viewAssetReport',
      'viewAllSRReport',
      'viewWarehouseReport',
      'viewScoreCard',
    ],
  },
  asset_owner: {
    name: 'Asset Owner',
    kinds: ['asset_owner'],
    permissions: [
      ...userAdmin,
      'manageAsset',
      'viewAsset',
      'createNewAsset',
      'manageAssetFault',
      'viewSR',
      'viewOutgoingSR',
      'viewCompletedSR',
      'manageWO',
      'woConfiguration',
      'approveWO',
      'viewOutgoingWO',
      'viewCompletedWO',
      ...buyer,
      'manageReport',
      'viewAssetReport',
      'viewAllSRReport',
      'viewWarehouseReport',
      'viewScoreCard',
    ],
  },
  mro: {
    name: 'MRO',
    kinds: ['mro'],
    permissions: [...userAdmin, ...providerWork, ...buyer, 'manageReport', 'viewAllSRReport', 'viewWarehouseReport', 'viewOwnScoreCard'],
  },
  imo: {
    name: 'IMO',
    kinds: ['imo'],
    permissions: [...userAdmin, ...providerWork, ...buyer, 'manageReport', 'viewAllSRReport', 'viewWarehouseReport', 'viewOwnScoreCard'],
  },
  technician: {
    name: 'Technician',
    kinds: ['mro', 'imo'],
    permissions: [
      'viewAssignedAsset',
      'viewTechAssignedAsset',
      'manageAssetFault',
      'viewSR',
      'viewIncomingSR',
      'manageObservation',
      'viewSentObservation',
      'manageWO',
      'viewIncomingWO',
      'viewCompletedWO',
    ],
  },
  external_technician: {
    name: 'External Technician',
    kinds: ['external_technician'],
    permissions: [...providerWork, 'viewTechAssignedAsset', 'manageReport', 'viewOwnScoreCard'],
  },
  supplier: {
    name: 'Supplier',
    kinds: ['supplier'],
    permissions: [
      ...userAdmin,
      'managePricebook',
      'managePO',
      'viewIncomingPO',
      'viewCompletedPO',
      'manageWarehouse',
      'viewWarehouse',
      'manageReport',
      'viewWarehouseReport',
    ],
  },
};

/** The system role an organisation's first user (its admin) gets. */
export const ADMIN_ROLE_OF_KIND: Record<OrganisationKind, SystemRoleKey> = {
  platform: 'super_admin',
  asset_owner: 'asset_owner',
  mro: 'mro',
  imo: 'imo',
  external_technician: 'external_technician',
  supplier: 'supplier',
};

export interface RoleFlags {
  super: boolean;
  supplier: boolean;
  ao: boolean;
  mro: boolean;
  imo: boolean;
  technician: boolean;
  extTechnician: boolean;
}

/**
 * Role flags derive from the organisation kind and the user's role (docs/decisions/0004-role-flags.md).
 * A provider's staff is a technician when their role is the Technician system role or a
 * custom role that holds viewTechAssignedAsset (docs/decisions/0004-role-flags.md).
 */
export function roleFlags(kind: OrganisationKind, roleKey: string | null, permissions: readonly string[]): RoleFlags {
  const providerStaff =
    (kind === 'mro' || kind === 'imo') && (roleKey === 'technician' || (roleKey === null && permissions.includes('viewTechAssignedAsset')));
  return {
    super: kind === 'platform',
    supplier: kind === 'supplier',
    ao: kind === 'asset_owner',
    mro: kind === 'mro' && !providerStaff,
    imo: kind === 'imo' && !providerStaff,
    technician: providerStaff,
    extTechnician: kind === 'external_technician',
  };
}
