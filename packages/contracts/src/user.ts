import { z } from 'zod';
import { emailField, idField, optionalText, pageQuery, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { ACCOUNT_TYPES } from './organisation.js';
import { PERMISSIONS } from './permissions.js';

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

export const userListQuery = pageQuery.extend({
  status: z.enum(USER_STATUSES).optional(),
  roleId: z.uuid().optional(),
});

export const userCreateSchema = makeUserCreateSchema(formatMessage);
export const userEditSchema = makeUserEditSchema(formatMessage);
export const profileUpdateSchema = makeProfileUpdateSchema(formatMessage);
export const roleCreateSchema = makeRoleCreateSchema(formatMessage);
export const rolePermissionSchema = makeRolePermissionSchema(formatMessage);
export const categoryCreateSchema = makeCategoryCreateSchema(formatMessage);
export const subCategoryCreateSchema = makeSubCategoryCreateSchema(formatMessage);
export const registrationDecisionSchema = makeRegistrationDecisionSchema(formatMessage);
