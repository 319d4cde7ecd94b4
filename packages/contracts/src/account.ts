import { z } from 'zod';
import { emailField, loginPasswordField, newPasswordField, optionalText, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { ACCOUNT_TYPES } from './organisation.js';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export function makeLoginSchema(t: Translate) {
  return z.object({ email: emailField(t), password: loginPasswordField(t) });
}

export function makeRegisterSchema(t: Translate) {
  return z.object({
    firstName: requiredText(t, 'First name', { min: 3, max: 50 }),
    lastName: requiredText(t, 'Last name', { min: 3, max: 50 }),
    email: emailField(t),
    companyName: optionalText(t, 'Company name', 100),
    designation: optionalText(t, 'Designation', 100),
    telephone: optionalText(t, 'Telephone', 30),
    address: optionalText(t, 'Address', 200),
    state: z.object({ state: z.string().trim().min(1), alias: z.string().trim().min(1) }).optional(),
    lga: optionalText(t, 'LGA', 100),
    category: z
      .array(z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Category' }) }))
      .max(20)
      .default([]),
    subCategory: z
      .array(z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Sub-category' }) }))
      .max(50)
      .default([]),
    isCompany: z.boolean().default(false),
    accountType: z.enum(ACCOUNT_TYPES, { error: t('VALIDATION.REQUIRED', { field: 'Account type' }) }),
    acceptTerms: z.literal(true, { error: t('VALIDATION.ACCEPT_TERMS') }),
  });
}

export function makeForgotSchema(t: Translate) {
  return z.object({ email: emailField(t) });
}

export function makeResetSchema(t: Translate) {
  return z.object({ password: newPasswordField(t) });
}

/** The reset form adds a confirmation that never leaves the browser. */
export function makeResetFormSchema(t: Translate) {
  return z
    .object({
      password: z
        .string()
        .min(1, t('VALIDATION.REQUIRED', { field: 'Password' }))
        .pipe(newPasswordField(t)),
      confirmPassword: z.string().min(1, t('VALIDATION.PASSWORD_CONFIRMATION_REQUIRED')),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('VALIDATION.PASSWORD_MISMATCH') });
}

export function makeChangePasswordSchema(t: Translate) {
  return z
    .object({
      currentPassword: loginPasswordField(t),
      password: newPasswordField(t),
      confirmPassword: z.string().min(1, t('VALIDATION.PASSWORD_CONFIRMATION_REQUIRED')),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('VALIDATION.PASSWORD_MISMATCH') });
}

export function makeSettingsSchema(t: Translate) {
  return z.object({
    language: z.enum(LANGUAGES, { error: t('VALIDATION.NOT_VALID', { field: 'Language' }) }).optional(),
    notifications: z.object({ email: z.boolean(), inApp: z.boolean() }).partial().optional(),
  });
}

export const loginSchema = makeLoginSchema(formatMessage);
export const registerSchema = makeRegisterSchema(formatMessage);
export const forgotSchema = makeForgotSchema(formatMessage);
export const resetSchema = makeResetSchema(formatMessage);
export const changePasswordSchema = makeChangePasswordSchema(formatMessage);
export const settingsSchema = makeSettingsSchema(formatMessage);

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type Settings = z.infer<typeof settingsSchema>;

/** The User of SPEC.md section 3, as GET /v2/account/me answers it. */
export interface CurrentUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  telephone: string | null;
  designation: string | null;
  organisation: { _id: string; name: string; kind: string };
  super: boolean;
  supplier: boolean;
  ao: boolean;
  mro: boolean;
  imo: boolean;
  technician: boolean;
  extTechnician: boolean;
  userRole: { _id: string; name: string; permission: string[] };
  settings: { language: Language; notifications: { email: boolean; inApp: boolean } };
}
