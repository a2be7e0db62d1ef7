import type { TFunction } from 'i18next';
import { toApiError } from '../../../lib/api-error';

/** A public form's failure in the visitor's language (the server's texts are English). */
export function publicErrorText(error: unknown, t: TFunction<'public'>): string {
  const apiError = toApiError(error);
  if (apiError.status === 429) return t('form.tooMany');
  if (apiError.status === 400 && apiError.field === 'code') return t('form.wrongCode');
  if (apiError.status === 400 && apiError.field === 'phone') return t('form.badPhone');
  if (apiError.status === 400 && apiError.field === 'topics') return t('form.chooseTopic');
  return t('form.failed');
}
