import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useBodyResolver } from './use-body-resolver';

interface SavedValuesFormOptions<V extends FieldValues> {
  /** The saved values as last read (the defaults until the first save). */
  values: V;
  /** The contracts' schema of the body, and the body the values make (see useBodyResolver). */
  makeSchema: () => z.ZodType<unknown, FieldValues>;
  bodyOf(values: V): unknown;
}

/**
 * A form over values kept on the server, such as an organisation's configuration: it shows them as
 * read, and a read in the background (another tab saved) does not undo what is being typed.
 */
export function useSavedValuesForm<V extends FieldValues>({ values, makeSchema, bodyOf }: SavedValuesFormOptions<V>): UseFormReturn<V> {
  const resolver = useBodyResolver(makeSchema, bodyOf);
  return useForm<V>({ resolver, mode: 'onTouched', values, resetOptions: { keepDirtyValues: true } });
}
