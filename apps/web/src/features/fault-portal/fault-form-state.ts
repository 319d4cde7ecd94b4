import type { makeFaultReportSchema } from '@amp/contracts/fault';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { translateMessage } from '../../lib/i18n';

type ReportSchema = ReturnType<typeof makeFaultReportSchema>;
/** The form's values as typed (the contract's input). */
export type FaultFormValues = z.input<ReportSchema>;
/** The checked values to send (as the schema outputs them). */
export type FaultFormOutput = z.output<ReportSchema>;
export type FaultField = keyof FaultFormValues;
export type FaultErrors = Partial<Record<FaultField, string>>;
export type FaultCheck = { values: FaultFormOutput; errors?: undefined } | { values?: undefined; errors: FaultErrors };
export type FaultValidator = (values: FaultFormValues) => FaultCheck;

// The rules (zod with the contract's schema) are fetched when the form is first used (focused,
// touched or sent), not with the page: the public portal, opened from a QR code on a phone, starts
// without them (docs/decisions/0013-compressed-static-and-cache.md).
const rules: Partial<Record<'report' | 'edit', Promise<FaultValidator>>> = {};
export function loadFaultRules(mode: 'report' | 'edit'): Promise<FaultValidator> {
  const loading =
    rules[mode] ??
    import('./fault-rules').then(
      (module) => module.makeFaultValidator(mode),
      (error: unknown) => {
        delete rules[mode]; // tried again on the next use
        throw error;
      },
    );
  rules[mode] = loading;
  return loading;
}

/**
 * The fields the schema requires (its AUTH.VALIDATION.REQUIRED_FIELD when empty): a form sent before
 * the rules arrived shows these at once, and the rules' full check follows.
 */
const REQUIRED: readonly FaultField[] = ['asset', 'faultType', 'description', 'email', 'fullName', 'phoneNumber'];

function emptyRequired(values: FaultFormValues): FaultErrors | null {
  const errors: FaultErrors = {};
  for (const name of REQUIRED) {
    const value = values[name];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      errors[name] = translateMessage('AUTH.VALIDATION.REQUIRED_FIELD');
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

interface SetOptions {
  shouldValidate?: boolean;
  shouldTouch?: boolean;
  shouldDirty?: boolean;
}

/**
 * The fault form's state, as small as the form needs (it replaced react-hook-form, which the
 * portal's first load cannot afford): values, the fields' messages, and react-hook-form's
 * `onTouched` behaviour: a field is checked when it loses focus, then on every change; once the form
 * was sent, every field is checked on change; sending checks them all and focuses the first wrong one.
 */
export function useFaultFormState(mode: 'report' | 'edit', defaults: FaultFormValues, focusOrder: readonly FaultField[]) {
  const [values, setValues] = useState<FaultFormValues>(defaults);
  const [errors, setErrors] = useState<FaultErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const current = useRef(values);
  const touched = useRef(new Set<FaultField>());
  const isSubmitted = useRef(false);
  const elements = useRef(new Map<FaultField, HTMLElement>());
  // Checks run in order, so an older answer never overwrites a newer one.
  const generation = useRef(0);

  const validateField = useCallback(
    (name: FaultField) => {
      const run = ++generation.current;
      loadFaultRules(mode).then(
        (validate) => {
          if (run !== generation.current) return;
          const message = validate(current.current).errors?.[name];
          setErrors((previous) => (previous[name] === message ? previous : { ...previous, [name]: message }));
        },
        () => undefined, // checked again on the next change or on submit
      );
    },
    [mode],
  );

  const setValue = useCallback(
    <K extends FaultField>(name: K, value: FaultFormValues[K], options: SetOptions = {}) => {
      current.current = { ...current.current, [name]: value };
      setValues(current.current);
      if (options.shouldTouch) touched.current.add(name);
      if (options.shouldValidate) validateField(name);
    },
    [validateField],
  );

  /** A change made by the user: checked when the field was touched or the form sent. */
  const change = useCallback(
    <K extends FaultField>(name: K, value: FaultFormValues[K]) => {
      setValue(name, value, { shouldValidate: touched.current.has(name) || isSubmitted.current });
    },
    [setValue],
  );

  const blur = useCallback(
    (name: FaultField) => {
      touched.current.add(name);
      validateField(name);
    },
    [validateField],
  );

  /** The element focused when its field is the first wrong one on submit. */
  const refOf = useCallback(
    (name: FaultField) => (element: HTMLElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    [],
  );

  /** A text input's props. */
  const text = (name: 'description' | 'email' | 'fullName' | 'phoneNumber' | 'website') => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => change(name, event.currentTarget.value),
    onBlur: () => blur(name),
    ref: refOf(name),
  });

  const setError = useCallback((name: FaultField, error: { message?: string }) => {
    setErrors((previous) => ({ ...previous, [name]: error.message }));
  }, []);

  const reset = useCallback((next: FaultFormValues) => {
    generation.current++;
    current.current = next;
    touched.current.clear();
    isSubmitted.current = false;
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }, []);

  const showErrors = (found: FaultErrors) => {
    setErrors(found);
    const first = focusOrder.find((name) => found[name] !== undefined && elements.current.has(name));
    if (first) elements.current.get(first)?.focus();
  };

  /**
   * Checks every field; with none wrong, hands the checked values on. Rejects when the rules cannot
   * be fetched (the form says so).
   */
  const handleSubmit = (onValid: (values: FaultFormOutput) => Promise<void>) => async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    const run = ++generation.current;
    isSubmitted.current = true;
    setSubmitted(true);
    const rulesLoaded = loadFaultRules(mode);
    // Empty required fields are shown at once, rules fetched or not.
    const empty = emptyRequired(current.current);
    if (empty) {
      showErrors(empty);
      const check = (await rulesLoaded)(current.current);
      if (run === generation.current && check.errors) setErrors(check.errors);
      return;
    }
    const check = (await rulesLoaded)(current.current);
    if (run !== generation.current && !check.values) return;
    if (check.errors) return showErrors(check.errors);
    setErrors({});
    await onValid(check.values);
  };

  return {
    values,
    errors,
    isSubmitted: submitted,
    getValues: () => current.current,
    setValue,
    change,
    blur,
    refOf,
    text,
    setError,
    reset,
    handleSubmit,
    /** Fetches the rules ahead of the first check. */
    prepare: () => {
      loadFaultRules(mode).catch(() => undefined);
    },
  };
}
