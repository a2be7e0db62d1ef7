import type { BulkActionBody } from '@sms/contracts/contacts';
import { filterToApiQuery, type ContactsFilter } from './list-state';

/** Which contacts a bulk action touches: the ticked rows, or every contact matching the filter. */
export type BulkTarget = BulkActionBody['target'];

/** The request's target: the filter (as the list query sends it) when "all matching" is chosen, else the ids. */
export function bulkTarget(selectedIds: readonly string[], allMatching: boolean, filter: ContactsFilter): BulkTarget {
  return allMatching ? { filter: filterToApiQuery(filter) } : { ids: [...selectedIds] };
}

/** How many contacts the action will touch. */
export const bulkCount = (selectedIds: readonly string[], allMatching: boolean, total: number): number =>
  allMatching ? total : selectedIds.length;

/** Whether to offer "select all N matching": the whole page is ticked and more rows match. */
export const offerAllMatching = (selectedCount: number, pageRowCount: number, total: number): boolean =>
  pageRowCount > 0 && selectedCount >= pageRowCount && total > selectedCount;
