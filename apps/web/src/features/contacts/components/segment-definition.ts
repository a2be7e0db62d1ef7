import { CONTACT_TAG_FIELDS, type ContactConditions } from '@sms/contracts/contacts';
import type { SegmentDefinition } from '@sms/contracts/segments';
import { dayBoundary, type ContactsFilter } from './list-state';

/** The advanced conditions kept in the URL (JSON text), or none when missing or unreadable. */
export function conditionsOf(filter: ContactsFilter): ContactConditions {
  if (!filter.conditions) return {};
  try {
    return JSON.parse(filter.conditions) as ContactConditions;
  } catch {
    return {};
  }
}

/** The segment definition the contacts list shows: its filters (without the free-text search) and conditions. */
export function definitionOf(filter: ContactsFilter, conditions: ContactConditions): SegmentDefinition {
  const definition: SegmentDefinition = {};
  for (const key of CONTACT_TAG_FIELDS) if (filter[key]) definition[key] = filter[key];
  if (filter.status) definition.status = filter.status;
  if (filter.createdFrom) definition.createdFrom = dayBoundary(filter.createdFrom, false);
  if (filter.createdTo) definition.createdTo = dayBoundary(filter.createdTo, true);
  if (Object.keys(conditions).length > 0) definition.conditions = conditions;
  return definition;
}

/** The list's filters for a saved segment (a view): its fields, its conditions as JSON text, the search cleared. */
export function filterOfSegment(id: string, definition: SegmentDefinition): Partial<ContactsFilter> {
  const localDay = (value: string | undefined, end: boolean) => {
    if (!value) return '';
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    // Instants saved from this list bound local days (createdTo: the start of the next day).
    const date = new Date(new Date(value).getTime() - (end ? 1 : 0));
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };
  return {
    search: '',
    tag1: definition.tag1 ?? '',
    tag2: definition.tag2 ?? '',
    tag3: definition.tag3 ?? '',
    status: definition.status ?? '',
    createdFrom: localDay(definition.createdFrom, false),
    createdTo: localDay(definition.createdTo, true),
    conditions: definition.conditions && Object.keys(definition.conditions).length > 0 ? JSON.stringify(definition.conditions) : '',
    view: id,
  };
}
