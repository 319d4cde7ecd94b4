import { makeLoginSchema } from '@amp/contracts/account';
import { translateMessage } from '../../lib/i18n';

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;
/** The checked values to send (as the schema outputs them), or the first message for each field. */
export type LoginCheck = { values: LoginValues; errors?: undefined } | { values?: undefined; errors: LoginErrors };
export type LoginValidator = (values: LoginValues) => LoginCheck;

/** The sign-in form's rules (the shared schema, so zod), loaded apart from the page: see login-page.tsx. */
export function makeLoginValidator(): LoginValidator {
  const schema = makeLoginSchema(translateMessage);
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data };
    const errors: LoginErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
    }
    return { errors };
  };
}
