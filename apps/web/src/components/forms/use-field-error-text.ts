import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageKey } from './validation-message';

/** Turns a validation or server field message into text in the active language. */
export function useFieldErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('forms');
  return useCallback(
    (message: string | undefined) => {
      const known = validationMessageKey(message);
      return known ? t(known.key, known.values ?? {}) : message;
    },
    [t],
  );
}
