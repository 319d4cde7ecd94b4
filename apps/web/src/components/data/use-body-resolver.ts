import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver that checks the body the form will send rather than the form's own values: the
 * contracts' schema, the one the API checks, then says what the API would say, while the fields
 * keep their values as typed (an empty number field holds '', which the schema calls missing).
 */
export function useBodyResolver<V extends FieldValues>(
  makeSchema: () => z.ZodType<unknown, FieldValues>,
  bodyOf: (values: V) => unknown,
): Resolver<V> {
  // Made once: neither the schema nor the body's shape changes while the form lives.
  const [resolver] = useState<Resolver<V>>(() => {
    const check = zodResolver(makeSchema()) as unknown as Resolver<Record<string, unknown>>;
    const resolve: Resolver<V> = (values, context, options) => check(bodyOf(values) as never, context, options as never) as never;
    return resolve;
  });
  return resolver;
}
