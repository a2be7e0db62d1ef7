import {
  CONTACT_SORT_FIELDS,
  CONTACT_STATUSES,
  CONTACT_TAG_FIELDS,
  type ContactFilter,
  type ListContactsQuery,
} from '@sms/contracts/contacts';
import { defineList } from '../../../lib/list-state/define-list';
import { sortedPageQuery } from '../../../lib/list-state/list-state';
import { choiceField, dateField, textField } from '../../../lib/list-state/url-fields';

const tagField = () => textField(100);

/** What the contacts list shows (search, tags, status, created dates, sort, page), kept in the URL. */
export const contactsList = defineList({
  pageSize: 25,
  // Created dates are YYYY-MM-DD, both ends inclusive.
  filters: {
    search: textField(200),
    tag1: tagField(),
    tag2: tagField(),
    tag3: tagField(),
    status: choiceField(CONTACT_STATUSES),
    createdFrom: dateField(),
    createdTo: dateField(),
    /** A saved view's advanced conditions, as the JSON text the API reads (contactConditionsSchema). */
    conditions: textField(8000),
    /** The saved view (segment id) the filters came from, to show its name. */
    view: textField(64),
  },
  sort: { fields: CONTACT_SORT_FIELDS, sort: 'createdAt', order: 'desc' },
});
export type ContactsListState = ReturnType<typeof contactsList.parse>;

/** The filter part of the state: what "apply to all matching" and the export send. */
export type ContactsFilter = ReturnType<typeof contactsList.filterOf>;

/** Start of a local day as an ISO instant (createdFrom), or the start of the next day (createdTo is inclusive). */
export function dayBoundary(date: string, endOfDay: boolean): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day + (endOfDay ? 1 : 0)).toISOString();
}

/** The filter as API query fields (empty ones left out; dates as instants bounding the user's local days). */
export function filterToApiQuery(filter: ContactsFilter): ContactFilter {
  const query: ContactFilter = {};
  if (filter.search) query.search = filter.search;
  for (const key of CONTACT_TAG_FIELDS) if (filter[key]) query[key] = filter[key];
  if (filter.status) query.status = filter.status;
  if (filter.createdFrom) query.createdFrom = dayBoundary(filter.createdFrom, false);
  if (filter.createdTo) query.createdTo = dayBoundary(filter.createdTo, true);
  // Sent as the JSON text it is kept as: query strings and bodies both accept it (contracts contacts.ts).
  if (filter.conditions) query.conditions = filter.conditions as unknown as ContactFilter['conditions'];
  return query;
}

/** The GET /api/contacts query for a list state. */
export const contactsApiQuery = (state: ContactsListState): ListContactsQuery => ({
  ...sortedPageQuery(state),
  ...filterToApiQuery(contactsList.filterOf(state)),
});
