import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { passwordSchemaWithMin } from '@sms/contracts/passwords';
import { updateUserBodySchema, type UpdateUserBody, type User } from '@sms/contracts/users';
import { z } from 'zod';

const shape = updateUserBodySchema.shape;

/** Own details: the shared update rules for name, phone and language. */
export const profileDetailsSchema = z.object({
  name: shape.name.unwrap(),
  phone: z.string().pipe(shape.phone.unwrap().unwrap()),
  locale: shape.locale.unwrap(),
});
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;
export type ProfileDetailsValues = z.output<typeof profileDetailsSchema>;

/** Only what changed, for the partial PUT (an empty phone clears it). */
export function changedDetails(user: User, values: ProfileDetailsValues): UpdateUserBody {
  const body: UpdateUserBody = {};
  if (values.name !== user.name) body.name = values.name;
  const phone = values.phone === '' ? null : values.phone;
  if (phone !== (user.phone ?? null)) body.phone = phone;
  if (values.locale !== user.locale) body.locale = values.locale;
  return body;
}

/** Password change: current password, a new one under the shared rules (configured minimum), and its confirmation. */
export const changePasswordSchemaWithMin = (minPasswordLength: number) =>
  z
    .object({
      currentPassword: z.string().min(1, 'validation.currentPasswordRequired'),
      password: passwordSchemaWithMin(minPasswordLength),
      confirmPassword: z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMismatch' })
    .refine((values) => values.password !== values.currentPassword, { path: ['password'], message: 'validation.passwordUnchanged' });

/** The password change with the built-in minimum (8). */
export const changePasswordSchema = changePasswordSchemaWithMin(PASSWORD_MIN_LENGTH);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
