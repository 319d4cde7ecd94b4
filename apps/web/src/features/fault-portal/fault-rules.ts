import { makeFaultEditSchema, makeFaultReportSchema } from '@amp/contracts/fault';
import { translateMessage } from '../../lib/i18n';
import type { FaultCheck, FaultFormValues, FaultValidator } from './fault-form-state';

/**
 * The fault form's rules (the contract's schema, so zod), loaded apart from the form: the public
 * portal's first load carries neither (fault-form-state.ts fetches them when the form is first used,
 * as the sign-in page does with login-rules.ts). Each field gets the first message of its issues.
 */
export function makeFaultValidator(mode: 'report' | 'edit'): FaultValidator {
  const schema = mode === 'edit' ? makeFaultEditSchema(translateMessage) : makeFaultReportSchema(translateMessage);
  return (values): FaultCheck => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as FaultCheck['values'] & object };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
    }
    return { errors: errors as Partial<Record<keyof FaultFormValues, string>> };
  };
}
