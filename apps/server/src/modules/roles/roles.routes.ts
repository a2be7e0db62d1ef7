import { permissionMatrixSchema, type PermissionMatrix } from '@sms/contracts/permission-matrix';
import { policyMatrix } from '@sms/contracts/policy-matrix';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeclarations } from '../../platform/authorization.ts';
import { errorResponses } from '../../platform/openapi.ts';

/**
 * The roles page's matrix from the routes' declarations (decision 080): every cell of the policy,
 * who has it, and the operations that declare it. The same declarations give OpenAPI its
 * `x-permission` and the authorization hook its checks.
 */
export function permissionMatrix(declarations: RouteDeclarations): PermissionMatrix {
  const operations = declarations.operations();
  return {
    rows: policyMatrix().map((row) => ({
      ...row,
      operations: operations
        .filter(({ cells }) => cells.some(([action, subject]) => action === row.action && subject === row.subject))
        .map(({ operation }) => operation)
        .sort(),
    })),
  };
}

/** What each role may do (the roles page), for every signed-in user. */
export const rolesRoutes: FastifyPluginAsyncZod<{ declarations: RouteDeclarations }> = async (app, { declarations }) => {
  app.get(
    '/api/roles/permissions',
    {
      config: { auth: 'required', can: { anyone: 'the roles page: what each role may do, and which operations need it' } },
      schema: {
        tags: ['roles'],
        summary: 'The roles and permissions matrix, from what the routes declare',
        description:
          "One row per cell of the policy: the roles that have it and the operations whose declaration needs it (the same declaration as each operation's x-permission).",
        response: { 200: permissionMatrixSchema, ...errorResponses(401) },
      },
    },
    async () => permissionMatrix(declarations),
  );
};
