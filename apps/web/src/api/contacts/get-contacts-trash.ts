import type { ListTrashQuery, TrashList } from '@sms/contracts/contacts-trash';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/trash: one page of deleted contacts, most recently deleted first. */
export const getContactsTrash = (query: ListTrashQuery, signal?: AbortSignal): Promise<TrashList> =>
  apiGet<TrashList>('/api/contacts/trash', { params: query, signal });

export const contactsTrashQueryOptions = (query: ListTrashQuery) =>
  queryOptions({
    queryKey: contactsKeys.trash(query),
    queryFn: ({ signal }) => getContactsTrash(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the trash. */
export const useContactsTrash = (query: ListTrashQuery) => useQuery(contactsTrashQueryOptions(query));
