import { paths } from '../../../config/paths';

/** The page a server hit opens, by group (a new group adds its page here). */
export function pathOfHit(group: string, id: string, title: string): string {
  switch (group) {
    case 'contacts':
      return paths.contacts.detail(id);
    case 'campaigns':
      return paths.campaigns.detail(id);
    case 'templates':
      // Templates have no page of their own: their list, searched for this one.
      return `${paths.campaigns.templates}?search=${encodeURIComponent(title)}`;
    case 'users':
      return paths.users.detail(id);
    default:
      return paths.dashboard;
  }
}
