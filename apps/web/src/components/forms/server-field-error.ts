import { ApiError } from '../../lib/api-error';

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
