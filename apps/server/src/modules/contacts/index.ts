// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { contactPolicy } from './contacts.policy.ts';
export { presentContact } from './contacts.presenter.ts';
export {
  contactFilterWhere,
  notTrashed,
  findContactById,
  findContactByPhone,
  insertContact,
  updateContactRow,
  type ContactRow,
  type NewContactRow,
} from './contacts.queries.ts';
export { contactsRoutes } from './contacts.routes.ts';
export { purgeTrash, restoreContacts } from './contacts-trash.ts';
