import type { FieldMessage, Validation } from '../../components/forms/validation-resolver';

/** The sample sign-up form of the gallery's validation section (and the wizard's first step). */
export interface SampleForm {
  name: string;
  email: string;
  phone: string;
  role: string;
  message: string;
}

export const EMPTY_SAMPLE_FORM: SampleForm = { name: '', email: '', phone: '', role: '', message: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[\d\s+()\-.]+$/;

/**
 * The product's rules and messages on a sample form: the same texts the contracts' schemas give, so
 * the fields show the same translated messages as the real forms (components/forms/validation-message.ts).
 */
export function validateSample(values: SampleForm, fields: readonly (keyof SampleForm)[] = ['name', 'email', 'phone', 'role', 'message']) {
  const errors: Partial<Record<keyof SampleForm, FieldMessage>> = {};
  const check = (field: keyof SampleForm) => fields.includes(field);
  if (check('name')) {
    if (!values.name.trim()) errors.name = 'name is required';
    else if (values.name.length > 120) errors.name = 'name must be at most 120 characters';
  }
  if (check('email')) {
    if (!values.email.trim()) errors.email = 'email is required';
    else if (!EMAIL.test(values.email.trim())) errors.email = 'email must be a valid email address';
  }
  if (check('phone') && values.phone.trim() && !PHONE.test(values.phone))
    errors.phone = 'phone may contain digits, spaces and + ( ) - . only';
  if (check('role') && !values.role) errors.role = 'validation.required';
  if (check('message')) {
    if (!values.message.trim()) errors.message = 'message is required';
    else if (values.message.length > 160) errors.message = 'message must be at most 160 characters';
  }
  const result: Validation<SampleForm, SampleForm> = Object.keys(errors).length ? { errors } : { output: values };
  return result;
}
