import { z } from 'zod';
import { emailField, idField, optionalText, pageQuery, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { ACCOUNT_TYPES, type OrganisationKind, PROVIDER_KINDS } from './organisation.js';
import { PERMISSIONS, type Permission } from './permissions.js';

export const USER_STATUSES = ['pending', 'active', 'inactive', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function makeUserCreateSchema(t: Translate) {
  return z.object({
    firstName: requiredText(t, 'First name', { min: 3, max: 50 }),
    lastName: requiredText(t, 'Last name', { min: 3, max: 50 }),
    email: emailField(t),
    telephone: optionalText(t, 'Telephone', 30),
    designation: optionalText(t, 'Designation', 100),
    roleId: idField(t, 'Role'),
  });
}

export function makeUserEditSchema(t: Translate) {
  return makeUserCreateSchema(t).omit({ email: true }).partial();
}

/** What a user may change of their own profile. */
export function makeProfileUpdateSchema(t: Translate) {
  return z.object({
    firstName: requiredText(t, 'First name', { min: 3, max: 50 }),
    lastName: requiredText(t, 'Last name', { min: 3, max: 50 }),
    telephone: optionalText(t, 'Telephone', 30),
    designation: optionalText(t, 'Designation', 100),
  });
}

export function makeRoleCreateSchema(t: Translate) {
  return z.object({
    name: requiredText(t, 'Role name', { min: 3, max: 50 }),
    permissions: z
      .array(z.enum(PERMISSIONS as [string, ...string[]], { error: t('VALIDATION.NOT_VALID', { field: 'Permission' }) }))
      .min(1, t('VALIDATION.REQUIRED', { field: 'Permissions' })),
  });
}

export function makeRolePermissionSchema(t: Translate) {
  return makeRoleCreateSchema(t).pick({ permissions: true }).extend({ id: z.string().optional() });
}

export function makeCategoryCreateSchema(t: Translate) {
  return z.object({
    name: requiredText(t, 'Category name', { min: 2, max: 80 }),
    subCategories: z
      .array(requiredText(t, 'Sub-category name', { min: 2, max: 80 }))
      .max(50)
      .default([]),
  });
}

export function makeSubCategoryCreateSchema(t: Translate) {
  return z.object({ name: requiredText(t, 'Sub-category name', { min: 2, max: 80 }) });
}

export function makeRegistrationDecisionSchema(t: Translate) {
  return z.object({
    approve: z.boolean({ error: t('VALIDATION.REQUIRED', { field: 'Decision' }) }),
    accountType: z.enum(ACCOUNT_TYPES, { error: t('VALIDATION.NOT_VALID', { field: 'Account type' }) }).optional(),
  });
}

/** The columns each list may be sorted by (anything else is a 400 on `sort`). */
export const USER_SORTS = ['name', 'email', 'createdAt', 'status'] as const;
export const REGISTRATION_SORTS = ['createdAt', 'name', 'email'] as const;
export const ROLE_SORTS = ['name', 'createdAt'] as const;
export const SERVICE_PROVIDER_SORTS = ['name', 'createdAt'] as const;

const sortOf = <T extends readonly [string, ...string[]]>(fields: T) =>
  z.enum(fields, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional();

export const userListQuery = pageQuery.extend({
  status: z.enum(USER_STATUSES).optional(),
  roleId: z.uuid().optional(),
  sort: sortOf(USER_SORTS),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** Registrations are organisations: pending, approved (active) or rejected. */
export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const registrationListQuery = pageQuery.extend({
  status: z.enum(REGISTRATION_STATUSES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Status' }) }).default('pending'),
  sort: sortOf(REGISTRATION_SORTS),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuery>;

export const roleListQuery = pageQuery.extend({ sort: sortOf(ROLE_SORTS) });
export type RoleListQuery = z.infer<typeof roleListQuery>;

/**
 * GET /v2/user/assign/list: the organisation's active staff for a picker, optionally only its
 * technicians; a full page (100) unless asked otherwise.
 */
export const assignListQuery = pageQuery.omit({ sort: true, order: true }).extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  technician: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const serviceProviderQuery = pageQuery.extend({
  kind: z.enum(PROVIDER_KINDS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Kind' }) }).optional(),
  state: z.string().trim().max(60).optional(),
  sort: sortOf(SERVICE_PROVIDER_SORTS),
});
export type ServiceProviderQuery = z.infer<typeof serviceProviderQuery>;

export const activityListQuery = pageQuery.pick({ page: true, pageSize: true });

export const userCreateSchema = makeUserCreateSchema(formatMessage);
export const userEditSchema = makeUserEditSchema(formatMessage);
export const profileUpdateSchema = makeProfileUpdateSchema(formatMessage);
export const roleCreateSchema = makeRoleCreateSchema(formatMessage);
export const rolePermissionSchema = makeRolePermissionSchema(formatMessage);
export const categoryCreateSchema = makeCategoryCreateSchema(formatMessage);
export const subCategoryCreateSchema = makeSubCategoryCreateSchema(formatMessage);
export const registrationDecisionSchema = makeRegistrationDecisionSchema(formatMessage);

/**
 * Permissions whose holder may also grant a narrower one: seeing all the assets assigned to the
 * organisation covers seeing those assigned to oneself, and seeing every score card covers one's
 * own. Without this an MRO admin could not give its staff the Technician role.
 */
export const GRANT_IMPLIES: Partial<Record<Permission, readonly Permission[]>> = {
  viewOrganizationAssignedAsset: ['viewTechAssignedAsset'],
  viewScoreCard: ['viewOwnScoreCard'],
};

/** The permissions a holder of `held` may put in a role (their own, plus what they imply). */
export function grantablePermissions(held: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const p of held) {
    if (!(PERMISSIONS as readonly string[]).includes(p)) continue;
    out.add(p as Permission);
    for (const implied of GRANT_IMPLIES[p as Permission] ?? []) out.add(implied);
  }
  return PERMISSIONS.filter((p) => out.has(p));
}

/** True when every permission in `requested` may be granted by a holder of `held` (no escalation). */
export function canGrant(held: readonly string[], requested: readonly string[]): boolean {
  const grantable = new Set<string>(grantablePermissions(held));
  return requested.every((p) => grantable.has(p));
}

/** Answers of the user, role, registration, category, activity and dashboard calls (docs/api-contract.md). */
export interface RoleRef {
  _id: string;
  name: string;
}

export interface UserSummary {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string | null;
  designation: string | null;
  status: UserStatus;
  role: RoleRef;
  createdAt: string;
}

export interface UserProfile extends UserSummary {
  organisation: { _id: string; name: string; kind: OrganisationKind };
  settings: { language: string; notifications: { email: boolean; inApp: boolean } };
}

export interface AssignableUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleRef;
  technician: boolean;
}

export interface StateRef {
  state: string;
  alias: string;
}

export interface ServiceProvider {
  _id: string;
  name: string;
  kind: OrganisationKind;
  state: StateRef | null;
  lga: string | null;
}

export interface Role {
  _id: string;
  name: string;
  permission: Permission[];
  system: boolean;
  userCount: number;
  createdAt: string;
}

export interface AssignableRole {
  _id: string;
  name: string;
  system: boolean;
}

export interface NamedRef {
  _id: string;
  name: string;
}

export interface Category {
  _id: string;
  name: string;
  subCategories: NamedRef[];
}

export interface Registration {
  _id: string;
  organisationName: string;
  isCompany: boolean;
  accountType: OrganisationKind;
  status: RegistrationStatus;
  email: string | null;
  telephone: string | null;
  address: string | null;
  state: StateRef | null;
  lga: string | null;
  categories: NamedRef[];
  subCategories: NamedRef[];
  createdAt: string;
  user: { _id: string; firstName: string; lastName: string; email: string; telephone: string | null; designation: string | null };
}

export interface ActivityEntry {
  _id: string;
  createdAt: string;
  description: string;
}

/** GET /v2/dashboard-sa: active organisations per kind, technicians, pending registrations, users per month. */
export interface SuperAdminDashboard {
  ao: number;
  mro: number;
  imo: number;
  extTechnician: number;
  technician: number;
  supplier: number;
  pending: number;
  userData: number[];
  categories: string[];
}
