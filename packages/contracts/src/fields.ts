import { z } from 'zod';
import type { Translate } from './messages.js';

/** Field builders shared by every schema; `field` is the label used inside messages. */

// A pragmatic address pattern: something@something.tld with no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function requiredText(t: Translate, field: string, bounds: { min?: number; max?: number } = {}) {
  const required = t('VALIDATION.REQUIRED', { field });
  let schema = z.string({ error: required }).trim().min(1, required);
  if (bounds.min !== undefined && bounds.min > 1) schema = schema.min(bounds.min, t('VALIDATION.MIN_LENGTH', { field, min: bounds.min }));
  if (bounds.max !== undefined) schema = schema.max(bounds.max, t('VALIDATION.MAX_LENGTH', { field, max: bounds.max }));
  return schema;
}

export function optionalText(t: Translate, field: string, max = 200) {
  return z
    .string({ error: t('VALIDATION.NOT_VALID', { field }) })
    .trim()
    .max(max, t('VALIDATION.MAX_LENGTH', { field, max }))
    .optional();
}

/** Email as on the login form: required, 3 to 50 characters, well-formed (SPEC.md section 5). */
export function emailField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Email' });
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(3, t('VALIDATION.MIN_SYMBOLS', { min: 3 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }))
    .regex(EMAIL_PATTERN, t('VALIDATION.WRONG_EMAIL_FORMAT'))
    .transform((value) => value.toLowerCase());
}

/** Signing in keeps the spec's 3 to 50 characters. */
export function loginPasswordField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Password' });
  return z
    .string({ error: required })
    .min(1, required)
    .min(3, t('VALIDATION.MIN_SYMBOLS', { min: 3 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }));
}

/** A new password needs 8 to 50 characters (DESIGN.md section 8). */
export function newPasswordField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Password' });
  return z
    .string({ error: required })
    .min(1, required)
    .min(8, t('VALIDATION.MIN_SYMBOLS', { min: 8 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }));
}

export function idField(t: Translate, field: string) {
  return z.uuid({ error: t('VALIDATION.NOT_VALID', { field }) });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** Set when a filtered count stopped at its cap: there are at least `total` rows. */
  totalIsLowerBound?: boolean;
}

/** SPEC.md section 9: the page count is the ceiling of total divided by page size. */
export function pageMeta(page: number, pageSize: number, total: number, totalIsLowerBound = false): PageMeta {
  const meta: PageMeta = { page, pageSize, total, pageCount: Math.ceil(total / pageSize) };
  if (totalIsLowerBound) meta.totalIsLowerBound = true;
  return meta;
}
