import { z } from 'zod';
import {
  dataOf,
  emailField,
  idField,
  loginPasswordField,
  newPasswordField,
  optionalText,
  out,
  requiredText,
  safeString,
} from './fields.js';
import { LANGUAGES } from './languages.js';
import { formatMessage, type Translate } from './messages.js';
import { ACCOUNT_TYPES, ORGANISATION_KINDS } from './organisation.js';
import { isTimeZone } from './time-zone.js';

export { LANGUAGES, type Language } from './languages.js';

export function makeLoginSchema(t: Translate) {
  return z.strictObject({ email: emailField(t), password: loginPasswordField(t) });
}

export function makeRegisterSchema(t: Translate) {
  return z.strictObject({
    firstName: requiredText(t, 'First name', { min: 3, max: 50 }),
    lastName: requiredText(t, 'Last name', { min: 3, max: 50 }),
    email: emailField(t),
    companyName: optionalText(t, 'Company name', 100),
    designation: optionalText(t, 'Designation', 100),
    telephone: optionalText(t, 'Telephone', 30),
    address: optionalText(t, 'Address', 200),
    state: z
      .strictObject({
        state: safeString(t('VALIDATION.NOT_VALID', { field: 'State' }))
          .trim()
          .min(1)
          .max(60, t('VALIDATION.NOT_VALID', { field: 'State' })),
        alias: safeString(t('VALIDATION.NOT_VALID', { field: 'State' }))
          .trim()
          .min(1)
          .max(60, t('VALIDATION.NOT_VALID', { field: 'State' })),
      })
      .optional(),
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
  return z.strictObject({ email: emailField(t) });
}

export function makeResetSchema(t: Translate) {
  return z.strictObject({ password: newPasswordField(t) });
}

/** The reset form adds a confirmation that never leaves the browser. */
export function makeResetFormSchema(t: Translate) {
  return z
    .object({
      password: safeString(t('VALIDATION.NOT_VALID', { field: 'Password' }))
        .min(1, t('VALIDATION.REQUIRED', { field: 'Password' }))
        .pipe(newPasswordField(t)),
      confirmPassword: safeString(t('VALIDATION.NOT_VALID', { field: 'Confirm password' }))
        .min(1, t('VALIDATION.PASSWORD_CONFIRMATION_REQUIRED'))
        .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 })),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('VALIDATION.PASSWORD_MISMATCH') });
}

export function makeChangePasswordSchema(t: Translate) {
  return z
    .strictObject({
      currentPassword: loginPasswordField(t),
      password: newPasswordField(t),
      confirmPassword: safeString(t('VALIDATION.NOT_VALID', { field: 'Confirm password' }))
        .min(1, t('VALIDATION.PASSWORD_CONFIRMATION_REQUIRED'))
        .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 })),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('VALIDATION.PASSWORD_MISMATCH') });
}

export function makeSettingsSchema(t: Translate) {
  return z.strictObject({
    language: z.enum(LANGUAGES, { error: t('VALIDATION.NOT_VALID', { field: 'Language' }) }).optional(),
    notifications: z.strictObject({ email: z.boolean(), inApp: z.boolean() }).partial().optional(),
    /** An IANA zone the user reads times in; null: their organisation's. */
    timeZone: z
      .union(
        [
          safeString(t('VALIDATION.NOT_VALID', { field: 'Time zone' }))
            .max(64)
            .refine(isTimeZone, t('VALIDATION.NOT_VALID', { field: 'Time zone' })),
          z.null(),
        ],
        {
          error: t('VALIDATION.NOT_VALID', { field: 'Time zone' }),
        },
      )
      .optional(),
  });
}

/** The reset link's token: 43 characters as issued; anything else is an invalid token, never a field error. */
export const RESET_TOKEN_MAX = 200;
const tokenInvalid = formatMessage('AUTH.VALIDATION.TOKEN_INVALID');
export const resetTokenParams = z.object({ resetToken: safeString(tokenInvalid).max(RESET_TOKEN_MAX, tokenInvalid) });
export const settingsParams = z.object({ userId: idField(formatMessage, 'User') });

export const loginSchema = makeLoginSchema(formatMessage);
export const registerSchema = makeRegisterSchema(formatMessage);
export const forgotSchema = makeForgotSchema(formatMessage);
export const resetSchema = makeResetSchema(formatMessage);
export const changePasswordSchema = makeChangePasswordSchema(formatMessage);
export const settingsSchema = makeSettingsSchema(formatMessage);

export type Settings = z.infer<typeof settingsSchema>;

/** The user (docs/product.md#the-session), as GET /v2/account/me answers it. */
export const currentUserSchema = z
  .object({
    _id: out.id(),
    email: out.text(254),
    firstName: out.text(100),
    lastName: out.text(100),
    telephone: out.text(60).nullable(),
    designation: out.text(200).nullable(),
    /** `timeZone`: where the organisation is (IANA), the zone its people read times in unless they choose another. */
    organisation: z.object({ _id: out.id(), name: out.text(300), kind: z.enum(ORGANISATION_KINDS), timeZone: out.text(64) }),
    super: z.boolean(),
    supplier: z.boolean(),
    ao: z.boolean(),
    mro: z.boolean(),
    imo: z.boolean(),
    technician: z.boolean(),
    extTechnician: z.boolean(),
    userRole: z.object({ _id: out.id(), name: out.text(300), permission: z.array(out.text(60)).max(200) }),
    settings: z.object({
      language: z.enum(LANGUAGES),
      notifications: z.object({ email: z.boolean(), inApp: z.boolean() }),
      timeZone: out.text(64).nullable(),
    }),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /v2/account/login: the bearer token of the new session. */
export const loginAnswer = dataOf(z.object({ accessToken: out.text(200) }));
export const logoutAnswer = dataOf(z.object({ loggedOut: z.literal(true) }));
