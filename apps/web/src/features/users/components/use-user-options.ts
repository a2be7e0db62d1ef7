import { ROLES } from '@sms/contracts/roles';
import { USER_STATUSES } from '@sms/contracts/users';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../components/forms/form-select-field';
import { localeOptions } from '../../../lib/i18n/locale-names';

/** Choices of the role, status and language selects, labelled in the interface language. */
export function useUserOptions(): { roles: SelectOption[]; statuses: SelectOption[]; languages: SelectOption[] } {
  const { t } = useTranslation(['users', 'common']);
  return useMemo(
    () => ({
      roles: ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) })),
      statuses: USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      // Each language is named in itself so people find their own (the four complete ones first: decision 107).
      languages: localeOptions(),
    }),
    [t],
  );
}
