import { z } from 'zod';
import { safeString } from './fields.js';
import type { Translate } from './messages.js';
import { nairaToKobo } from './naira.js';

export { koboToNaira, nairaToKobo } from './naira.js';

/**
 * Naira as clients type it: digits (at most 13 before the point), thousands grouped by commas or
 * spaces or not at all, at most two decimals. "12,5" is refused: a decimal comma must never become
 * 125 naira. The OpenAPI document carries the same pattern.
 */
const NAIRA_DIGITS = '(\\d{1,13}|\\d{1,3}([, ]\\d{3}){1,3}|\\d([, ]\\d{3}){4})(\\.\\d{1,2})?';
export const NAIRA_TEXT = new RegExp(`^\\s*${NAIRA_DIGITS}\\s*$`);
/** The same, above zero (an approval level's maximum). */
const POSITIVE_NAIRA_TEXT = new RegExp(`^\\s*(?![0, ]*(\\.0{1,2})?\\s*$)${NAIRA_DIGITS}\\s*$`);
/** The largest amount: 13 digits of naira, so kobo stay exact integers (< 2^53). */
export const MAX_NAIRA = 9_999_999_999_999.99;

/**
 * Naira as text or a number, as declared: the text by its pattern (blank text is `blank`, when
 * given), the number from 0 (or above it) to MAX_NAIRA.
 */
export function nairaInput(invalid: string, options: { positive?: boolean; blank?: string } = {}) {
  const { blank } = options;
  const text = (blank ? safeString(invalid).refine((v) => v.trim() !== '', { message: blank, abort: true }) : safeString(invalid))
    .max(40)
    .regex(options.positive ? POSITIVE_NAIRA_TEXT : NAIRA_TEXT, invalid);
  const number = z.number({ error: invalid }).max(MAX_NAIRA, invalid);
  return [text, options.positive ? number.gt(0, invalid) : number.min(0, invalid)] as const;
}

/** Naira as a decimal string or a number, converted to kobo exactly; null / '' for none. */
export function moneyField(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .union([...nairaInput(invalid), z.literal(''), z.null()], { error: invalid })
    .transform((v, ctx) => {
      if (v === null || v === '') return null;
      const kobo = nairaToKobo(v);
      if (kobo === undefined) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return kobo;
    })
    .optional();
}

/** A price that must be given: naira as a decimal string or a number, to kobo exactly (`positive`: above zero). */
export function requiredMoneyField(t: Translate, field: string, options: { positive?: boolean } = {}) {
  const required = t('VALIDATION.REQUIRED', { field });
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .union(nairaInput(invalid, { ...options, blank: required }), {
      error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid),
    })
    .transform((v, ctx) => {
      const kobo = nairaToKobo(v);
      if (kobo === undefined) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return kobo;
    });
}
