import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a contracts schema that loads the schema (and so zod) on the
 * form's first validation, or earlier through `preload`: the first pages then show their form
 * without downloading zod or building its schemas (decision 064). The rule is still the contracts'
 * schema, the one the API applies.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Values, FieldValues>>,
): Resolver<Values> & { preload: () => void } {
  let resolver: Promise<Resolver<Values>> | undefined;
  const load = () =>
    (resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Values>,
    ));
  const lazy = async (...args: Parameters<Resolver<Values>>) => (await load())(...args);
  return Object.assign(lazy, { preload: () => void load() });
}
