import { ApiError, errorMessage } from '../../lib/api-error';

/**
 * The form field a failed request names, when the form has it: 400 answers carry `field`
 * (a dotted path; its first part is the form field) and 409 on a duplicate email names `email`.
 * Returns null when the error belongs in a form-level alert instead.
 */
export function serverFieldError<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409) || !error.field) return null;
  const name = error.field.split('.')[0] as F;
  return fields.includes(name) ? { field: name, message: error.detail } : null;
}

/** The part of react-hook-form's `setError` that a failed request uses. */
type SetFieldError<F extends string> = (field: F, error: { type: 'server'; message: string }, options: { shouldFocus: true }) => void;

/**
 * Shows a failed submit where the user will look for it: on the field it names (focused, so a
 * keyboard or screen-reader user lands on it), else as the form's alert.
 */
export function showSubmitError<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetFieldError<F>,
  setFailure: (message: string) => void,
): void {
  const fieldError = serverFieldError(error, fields);
  if (fieldError) setError(fieldError.field, { type: 'server', message: fieldError.message }, { shouldFocus: true });
  else setFailure(errorMessage(error));
}
