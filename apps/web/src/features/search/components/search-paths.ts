import { paths } from '../../../config/paths';

/** The page a server hit opens, by group (a new group, such as templates, adds its page here). */
export function pathOfHit(group: string, id: string): string {
  switch (group) {
    case 'contacts':
      return paths.contacts.detail(id);
    case 'campaigns':
      return paths.campaigns.detail(id);
    case 'users':
      return paths.users.detail(id);
    default:
      return paths.dashboard;
  }
}
