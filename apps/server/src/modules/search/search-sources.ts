import { roleCan } from '@sms/contracts/policy';
import type { SearchSource } from './search-source.ts';
import { searchCampaigns, searchContacts, searchTemplates, searchUsers } from './search.queries.ts';

/** The groups the top-bar search asks, in the order it shows them. */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  { group: 'contacts', allowed: (actor) => roleCan(actor.role, 'read', 'Contact'), search: searchContacts },
  { group: 'campaigns', allowed: (actor) => roleCan(actor.role, 'read', 'Campaign'), search: searchCampaigns },
  { group: 'templates', allowed: (actor) => roleCan(actor.role, 'read', 'Template'), search: searchTemplates },
  // People are an administrator's business (managers read the team on its own page).
  { group: 'users', allowed: (actor) => roleCan(actor.role, 'create', 'User'), search: searchUsers },
];
