import { z } from 'zod';
import { MATRIX_SUBJECTS, SUBJECT_ACTIONS, type MatrixAction } from './policy-matrix.ts';
import { ROLES } from './roles.ts';

/** Every action some subject of the matrix has, in first-seen order. */
const MATRIX_ACTIONS = [...new Set(MATRIX_SUBJECTS.flatMap((subject) => SUBJECT_ACTIONS[subject]))] as [MatrixAction, ...MatrixAction[]];

/**
 * GET /api/roles/permissions: the roles page's matrix (decision 080), served from what the API's
 * routes declare. One row per cell of the policy, in policy order: which roles have it (the
 * policy's `roleCan`, which the authorization hook calls) and the operations whose `config.can`
 * names it, written as the OpenAPI document writes them (`PUT /api/campaigns/{id}`, its
 * `x-permission` read from the same declaration). A cell no signed-in route declares is enforced
 * elsewhere (a public route, or data left out of an answer) and lists none.
 */
export const permissionMatrixSchema = z.object({
  rows: z.array(
    z.object({
      subject: z.enum(MATRIX_SUBJECTS as [(typeof MATRIX_SUBJECTS)[number], ...(typeof MATRIX_SUBJECTS)[number][]]),
      action: z.enum(MATRIX_ACTIONS),
      allowed: z.object(Object.fromEntries(ROLES.map((role) => [role, z.boolean()])) as Record<(typeof ROLES)[number], z.ZodBoolean>),
      operations: z.array(z.string()),
    }),
  ),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;
export type PermissionMatrixRow = PermissionMatrix['rows'][number];
