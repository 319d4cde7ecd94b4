import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver that checks the body the form will send rather than the form's own values: the
 * contracts' schema, the one the API checks, then says what the API would say, while the fields
 * keep their values as typed (an empty number field holds '', which the schema calls missing).
 * The one place that bridges the schema's body type and the form's values type: the forms hand it
 * their `bodyOf` and get a resolver of their own values.
 */
export function bodyResolver<V extends FieldValues>(schema: z.ZodType<unknown, FieldValues>, bodyOf: (values: V) => unknown): Resolver<V> {
  const check = zodResolver(schema) as unknown as Resolver<Record<string, unknown>>;
  return (values, context, options) => check(bodyOf(values) as never, context, options as never) as never;
}

/** The body resolver of a form whose schema and body's shape stay as they are while it lives (made once). */
export function useBodyResolver<V extends FieldValues>(
  makeSchema: () => z.ZodType<unknown, FieldValues>,
  bodyOf: (values: V) => unknown,
): Resolver<V> {
  const [resolver] = useState<Resolver<V>>(() => bodyResolver(makeSchema(), bodyOf));
  return resolver;
}
