import { z } from 'zod';
import { safeString } from './fields.js';
import type { Translate } from './messages.js';
import { nairaToKobo } from './naira.js';

export { koboToNaira, nairaToKobo } from './naira.js';

/** Naira as a decimal string or a number, converted to kobo exactly; null / '' for none. */
export function moneyField(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .union([safeString(invalid).max(40), z.number(), z.null()], { error: invalid })
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

/** A price that must be given: naira as a decimal string or a number, to kobo exactly. */
export function requiredMoneyField(t: Translate, field: string) {
  const required = t('VALIDATION.REQUIRED', { field });
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .union([safeString(invalid).max(40), z.number()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
    })
    .transform((v, ctx) => {
      if (v === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const kobo = nairaToKobo(v);
      if (kobo === undefined) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return kobo;
    });
}
