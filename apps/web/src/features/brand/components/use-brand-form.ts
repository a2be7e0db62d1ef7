import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { serverFieldError } from '../../../components/forms/server-field-error';
import { errorMessage } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand/use-brand';
import {
  BRAND_FORM_FIELDS,
  brandFormSchema,
  changedFields,
  formValuesFrom,
  type BrandFormInput,
  type BrandFormValues,
} from './brand-form-schema';

/**
 * The brand form: shared validation, the saved settings as baseline (fields the user has not
 * touched follow reloads, e.g. the logo size after an upload), a partial save of what changed.
 */
export function useBrandForm({ canEdit, onSaved }: { canEdit: boolean; onSaved: () => void }) {
  const { settings, update } = useBrand();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BrandFormInput, unknown, BrandFormValues>({
    resolver: zodResolver(brandFormSchema),
    defaultValues: formValuesFrom(settings),
    disabled: !canEdit,
    mode: 'onTouched',
  });
  const { reset, setError, handleSubmit, control, getValues } = form;

  useEffect(() => {
    reset(formValuesFrom(settings), { keepDirtyValues: true });
  }, [settings, reset]);

  const values = useWatch({ control });
  const changes = changedFields(settings, { ...formValuesFrom(settings), ...values } as BrandFormInput);
  const hasChanges = Object.keys(changes).length > 0;

  const save = handleSubmit(async (parsed) => {
    setFailure(null);
    const body = changedFields(settings, parsed);
    if (Object.keys(body).length === 0) return;
    try {
      const answer = await update(body);
      reset(formValuesFrom({ ...settings, ...answer }));
      onSaved();
    } catch (error) {
      const fieldError = serverFieldError(error, BRAND_FORM_FIELDS);
      if (fieldError) setError(fieldError.field, { type: 'server', message: fieldError.message }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });

  /** The logo size to send with a logo upload: the edited one when valid, else the saved one. */
  const logoSize = () => {
    const width = brandFormSchema.shape.logoWidth.safeParse(getValues('logoWidth'));
    const height = brandFormSchema.shape.logoHeight.safeParse(getValues('logoHeight'));
    return { width: width.success ? width.data : settings.logoWidth, height: height.success ? height.data : settings.logoHeight };
  };

  const discard = () => {
    setFailure(null);
    reset(formValuesFrom(settings));
  };

  return { form, values, hasChanges, save, discard, failure, logoSize };
}
