// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { presentUser } from './users.presenter.ts';
export {
  anyUserExists,
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  listActiveAdmins,
  touchLastLogin,
  updateUserRow,
  type UserRow,
} from './users.queries.ts';
export { usersRoutes } from './users.routes.ts';
export { insertUser, lockMembership } from './users.queries.ts';
