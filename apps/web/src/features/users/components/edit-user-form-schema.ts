import type { User, UpdateUserBody } from '@sms/contracts/users';
import { updateUserBodySchema } from '@sms/contracts/users';
import { z } from 'zod';

const shape = updateUserBodySchema.shape;

/** The edit form: the shared update rules, every field present; an empty new password means "keep". */
export const editUserFormSchema = z.object({
  name: shape.name.unwrap(),
  email: shape.email.unwrap(),
  phone: z.string().pipe(shape.phone.unwrap().unwrap()),
  locale: shape.locale.unwrap(),
  role: shape.role.unwrap(),
  status: shape.status.unwrap(),
  password: z.union([z.literal(''), shape.password.unwrap()]),
  currentPassword: z.string(),
});
export type EditUserFormInput = z.input<typeof editUserFormSchema>;
export type EditUserFormValues = z.output<typeof editUserFormSchema>;

/** The form's starting values for `user`. */
export const editFormDefaults = (user: User): EditUserFormInput => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
  locale: user.locale,
  role: user.role,
  status: user.status,
  password: '',
  currentPassword: '',
});

/** Whether saving these values needs the editor's current password (own email or password). */
export const needsCurrentPassword = (user: User, values: Pick<EditUserFormInput, 'email' | 'password'>, self: boolean): boolean =>
  self && (values.password !== '' || values.email.trim().toLowerCase() !== user.email.toLowerCase());

/**
 * The partial PUT body: only what changed. Role and status are left out unless `canChangeRole`;
 * the current password is sent only when the change needs it.
 */
export function changedFields(user: User, values: EditUserFormValues, options: { self: boolean; canChangeRole: boolean }): UpdateUserBody {
  const body: UpdateUserBody = {};
  if (values.name !== user.name) body.name = values.name;
  if (values.email !== user.email.toLowerCase()) body.email = values.email;
  const phone = values.phone === '' ? null : values.phone;
  if (phone !== (user.phone ?? null)) body.phone = phone;
  if (values.locale !== user.locale) body.locale = values.locale;
  if (options.canChangeRole && values.role !== user.role) body.role = values.role;
  if (options.canChangeRole && values.status !== user.status) body.status = values.status;
  if (values.password !== '') body.password = values.password;
  if (needsCurrentPassword(user, values, options.self) && values.currentPassword !== '') body.currentPassword = values.currentPassword;
  return body;
}
