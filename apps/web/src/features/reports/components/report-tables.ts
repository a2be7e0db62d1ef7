import { RECIPIENT_SORTS } from '@sms/contracts/report-fields';
import { defineList } from '../../../lib/list-state/define-list';
import { pageQuery, type PageState, type SortOrder } from '../../../lib/list-state/list-state';

export type RecipientSort = (typeof RECIPIENT_SORTS)[number];
export const NON_RESPONDER_SORTS = ['name', 'phone', 'tag1', 'sentAt'] as const;

// The tables inside a report keep their paging and sort in the page, not the URL; unsorted, the
// server's own order applies.

/** A report's recipients (the delivery table and the tag1 drill-down). */
export const recipientsList = defineList({ pageSize: 25, sort: { fields: RECIPIENT_SORTS, sort: undefined, order: 'asc' } });
export type RecipientsListState = ReturnType<typeof recipientsList.parse>;

/** A report's non-responders. */
export const nonRespondersList = defineList({ pageSize: 25, sort: { fields: NON_RESPONDER_SORTS, sort: undefined, order: 'asc' } });
export type NonRespondersListState = ReturnType<typeof nonRespondersList.parse>;

/** limit, skip, the order, and the sort when one was chosen. */
export const tableQuery = <S extends string>(state: PageState & { sort: S | undefined; order: SortOrder }) => ({
  ...pageQuery(state),
  order: state.order,
  ...(state.sort ? { sort: state.sort } : {}),
});
