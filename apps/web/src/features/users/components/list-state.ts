import { ROLES } from '@sms/contracts/roles';
import { USER_SORT_FIELDS, USER_STATUSES, type ListUsersQuery } from '@sms/contracts/users';
import { defineList } from '../../../lib/list-state/define-list';
import { sortedPageQuery, withoutEmpty } from '../../../lib/list-state/list-state';
import { choiceField, textField } from '../../../lib/list-state/url-fields';

/** What the users list shows (search, role, status, sort, page), kept in the URL. */
export const usersList = defineList({
  pageSize: 10,
  filters: { search: textField(200), role: choiceField(ROLES), status: choiceField(USER_STATUSES) },
  sort: { fields: USER_SORT_FIELDS, sort: 'createdAt', order: 'desc' },
});
export type UsersListState = ReturnType<typeof usersList.parse>;

/** The GET /api/users query for a list state. */
export const usersApiQuery = (state: UsersListState): ListUsersQuery => ({
  ...sortedPageQuery(state),
  ...withoutEmpty({ search: state.search, role: state.role, status: state.status }),
});
