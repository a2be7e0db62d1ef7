import type { FieldValues, Resolver } from 'react-hook-form';

/** A field's error: a message, or a translation key with values (passed on as JSON for the form to translate). */
export type FieldMessage = string | { key: string; values?: Record<string, string> };

/** What a form's pure validation returns: the typed output, or an error per field. */
export type Validation<Values, Output> = { output: Output } | { errors: Partial<Record<keyof Values, FieldMessage>> };

/**
 * Turns a pure validation function (unit-tested on its own) into a react-hook-form resolver, so
 * the screen and its tests share one rule.
 */
export function validationResolver<Values extends FieldValues, Output extends FieldValues = Values>(
  validate: (values: Values) => Validation<Values, Output>,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const result = validate(values);
    if ('output' in result) return { values: result.output, errors: {} };
    const errors = Object.entries(result.errors as Record<string, FieldMessage | undefined>)
      .filter((entry): entry is [string, FieldMessage] => entry[1] !== undefined)
      .map(([field, error]) => [field, { type: 'validate', message: typeof error === 'string' ? error : JSON.stringify(error) }]);
    return { values: {}, errors: Object.fromEntries(errors) };
  };
}
