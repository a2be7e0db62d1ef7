import type { Audience, ListCampaignsQuery } from '@sms/contracts/campaigns';
import type { ContactTagField } from '@sms/contracts/contacts';
import type { ListTemplatesQuery } from '@sms/contracts/templates';

/** Query keys of the campaigns feature; invalidating `campaignsKeys.all` refreshes lists, details and progress. */
export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignsKeys.all, 'list'] as const,
  list: (query: ListCampaignsQuery) => [...campaignsKeys.lists(), query] as const,
  detail: (id: string) => [...campaignsKeys.all, 'detail', id] as const,
  progress: (id: string) => [...campaignsKeys.all, 'progress', id] as const,
  audiencePreview: (audience: Audience) => [...campaignsKeys.all, 'audience-preview', audience] as const,
  /** Whether it is published to the public archive. */
  archive: (id: string) => [...campaignsKeys.all, 'archive', id] as const,
  /** A test message, polled until it reaches a final status. */
  message: (id: string) => [...campaignsKeys.all, 'message', id] as const,
  /** Reads of other areas the composer needs (kept under this feature's keys). */
  gatewayOptions: () => [...campaignsKeys.all, 'gateway-options'] as const,
  tagValues: (field: ContactTagField, search: string) => [...campaignsKeys.all, 'tag-values', field, search] as const,
  contactSearch: (search: string) => [...campaignsKeys.all, 'contact-search', search] as const,
  templates: () => [...campaignsKeys.all, 'templates'] as const,
  templateList: (query: ListTemplatesQuery) => [...campaignsKeys.templates(), query] as const,
  segments: () => [...campaignsKeys.all, 'segments'] as const,
  segmentList: (search: string) => [...campaignsKeys.segments(), search] as const,
};
