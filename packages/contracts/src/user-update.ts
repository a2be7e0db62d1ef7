import { z } from 'zod';
import { userSchema } from './users.ts';

/**
 * PUT /api/users/{id} answer. `token` is present only when the caller changed their own password
 * or role: that revokes their earlier tokens, so the web app must store this one to stay signed in.
 */
export const updateUserResponseSchema = z.object({ user: userSchema, token: z.string().optional() });
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;
