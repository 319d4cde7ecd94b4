import { z } from 'zod';
import { LANGUAGES } from './account.js';
import { emailField, idField, optionalText, out, pageQuery, requiredText, safeString } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { ACCOUNT_TYPES, ORGANISATION_KINDS, PROVIDER_KINDS } from './organisation.js';
import { PERMISSIONS, type Permission } from './permissions.js';

export const USER_STATUSES = ['pending', 'active', 'inactive', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Caps of the answers' names and emails: above what any input allows (names 50 to 150, emails 50). */
const NAME_MAX = 300;
const EMAIL_MAX = 254;

export function makeUserCreateSchema(t: Translate) {
  return z.strictObject({
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
  return z.strictObject({
    firstName: requiredText(t, 'First name', { min: 3, max: 50 }),
    lastName: requiredText(t, 'Last name', { min: 3, max: 50 }),
    telephone: optionalText(t, 'Telephone', 30),
    designation: optionalText(t, 'Designation', 100),
  });
}

export function makeRoleCreateSchema(t: Translate) {
  return z.strictObject({
    name: requiredText(t, 'Role name', { min: 3, max: 50 }),
    permissions: z
      .array(z.enum(PERMISSIONS as [string, ...string[]], { error: t('VALIDATION.NOT_VALID', { field: 'Permission' }) }))
      .min(1, t('VALIDATION.REQUIRED', { field: 'Permissions' }))
      .max(PERMISSIONS.length, t('VALIDATION.NOT_VALID', { field: 'Permissions' })),
  });
}

export function makeRolePermissionSchema(t: Translate) {
  return makeRoleCreateSchema(t)
    .pick({ permissions: true })
    .extend({
      id: safeString(t('VALIDATION.NOT_VALID', { field: 'Role' }))
        .max(36, t('VALIDATION.NOT_VALID', { field: 'Role' }))
        .optional(),
    });
}

export function makeCategoryCreateSchema(t: Translate) {
  return z.strictObject({
    name: requiredText(t, 'Category name', { min: 2, max: 80 }),
    subCategories: z
      .array(requiredText(t, 'Sub-category name', { min: 2, max: 80 }))
      .max(50)
      .default([]),
  });
}

export function makeSubCategoryCreateSchema(t: Translate) {
  return z.strictObject({ name: requiredText(t, 'Sub-category name', { min: 2, max: 80 }) });
}

export function makeRegistrationDecisionSchema(t: Translate) {
  return z.strictObject({
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
  state: safeString(formatMessage('VALIDATION.NOT_VALID', { field: 'State' }))
    .trim()
    .max(60)
    .optional(),
  sort: sortOf(SERVICE_PROVIDER_SORTS),
});
export type ServiceProviderQuery = z.infer<typeof serviceProviderQuery>;

export const activityListQuery = pageQuery.pick({ page: true, pageSize: true }).extend({
  /** `session` leaves out signing in and out (SESSION_ACTIONS), for feeds of what happened, such as the dashboard's. */
  exclude: z.enum(['session'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Exclude' }) }).optional(),
});

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

/**
 * Answers of the user, role, registration, category, activity and dashboard calls
 * (docs/api-contract.md): the routes declare them, the web infers its types from them.
 */
export const roleRefSchema = z.object({ _id: out.id(), name: out.text(NAME_MAX) });

/** An id and a name: a category, an organisation, a person ("first last"). */
export const namedRefSchema = z.object({ _id: out.id(), name: out.text(NAME_MAX) }).meta({ id: 'NamedRef' });
export type NamedRef = z.infer<typeof namedRefSchema>;

export const stateRefSchema = z.object({ state: out.text(100), alias: out.text(100) }).meta({ id: 'StateRef' });

const personFields = {
  firstName: out.text(100),
  lastName: out.text(100),
  email: out.text(EMAIL_MAX),
  telephone: out.text(60).nullable(),
  designation: out.text(200).nullable(),
};

export const userSummarySchema = z
  .object({
    _id: out.id(),
    ...personFields,
    status: z.enum(USER_STATUSES),
    role: roleRefSchema,
    createdAt: out.timestamp(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSettingsSchema = z.object({
  language: z.enum(LANGUAGES),
  notifications: z.object({ email: z.boolean(), inApp: z.boolean() }),
});

export const userProfileSchema = userSummarySchema
  .extend({
    organisation: z.object({ _id: out.id(), name: out.text(NAME_MAX), kind: z.enum(ORGANISATION_KINDS) }),
    settings: userSettingsSchema,
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const assignableUserSchema = z
  .object({
    _id: out.id(),
    firstName: out.text(100),
    lastName: out.text(100),
    email: out.text(EMAIL_MAX),
    role: roleRefSchema,
    technician: z.boolean(),
  })
  .meta({ id: 'AssignableUser' });
export type AssignableUser = z.infer<typeof assignableUserSchema>;

export const serviceProviderSchema = z
  .object({
    _id: out.id(),
    name: out.text(NAME_MAX),
    kind: z.enum(ORGANISATION_KINDS),
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
  })
  .meta({ id: 'ServiceProvider' });
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

export const roleSchema = z
  .object({
    _id: out.id(),
    name: out.text(NAME_MAX),
    permission: z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]])).max(PERMISSIONS.length),
    system: z.boolean(),
    userCount: out.count(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** GET /v2/role/assign: at most this many roles (the kind's system roles and the organisation's own). */
export const MAX_ASSIGNABLE_ROLES = 1000;
export const assignableRoleSchema = z
  .object({ _id: out.id(), name: out.text(NAME_MAX), system: z.boolean() })
  .meta({ id: 'AssignableRole' });
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** GET /v2/category answers the whole tree: at most this many categories, each with at most this many sub-categories. */
export const MAX_CATEGORIES = 10_000;
export const categorySchema = z
  .object({ _id: out.id(), name: out.text(NAME_MAX), subCategories: z.array(namedRefSchema).max(MAX_CATEGORIES) })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** POST /v2/category/:id/sub-category. */
export const subCategorySchema = namedRefSchema.extend({ categoryId: out.id() }).meta({ id: 'SubCategory' });

export const registrationSchema = z
  .object({
    _id: out.id(),
    organisationName: out.text(NAME_MAX),
    isCompany: z.boolean(),
    accountType: z.enum(ACCOUNT_TYPES),
    status: z.enum(REGISTRATION_STATUSES),
    email: out.text(EMAIL_MAX).nullable(),
    telephone: out.text(60).nullable(),
    address: out.text(300).nullable(),
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
    categories: z.array(namedRefSchema).max(100),
    subCategories: z.array(namedRefSchema).max(200),
    createdAt: out.timestamp(),
    user: z.object({ _id: out.id(), ...personFields }),
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof registrationSchema>;

export const activityEntrySchema = z
  .object({ _id: out.id(), createdAt: out.timestamp(), description: out.text(2000) })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /v2/dashboard-sa: active organisations per kind, technicians, pending registrations, users per month. */
export const superAdminDashboardSchema = z
  .object({
    ao: out.count(),
    mro: out.count(),
    imo: out.count(),
    extTechnician: out.count(),
    technician: out.count(),
    supplier: out.count(),
    pending: out.count(),
    /** Mail that failed after its last attempt (GET /v2/mail/failed). */
    failedMail: out.count(),
    /** Background jobs that failed after their last attempt (pg-boss's state failed). */
    failedJobs: out.count(),
    /** Users created per month, the last 12 months, oldest first. */
    userData: z.array(out.count()).max(12),
    /** The months' labels. */
    categories: z.array(out.text(20)).max(12),
  })
  .meta({ id: 'SuperAdminDashboard' });
export type SuperAdminDashboard = z.infer<typeof superAdminDashboardSchema>;
