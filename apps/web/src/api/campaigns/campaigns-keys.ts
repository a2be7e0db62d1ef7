import type { Audience, ListCampaignsQuery } from '@sms/contracts/campaigns';

/** Query keys of campaigns; invalidating `campaignsKeys.all` refreshes lists, details, progress, the calendar and the pickers. */
export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignsKeys.all, 'list'] as const,
  list: (query: ListCampaignsQuery) => [...campaignsKeys.lists(), query] as const,
  /** Launched campaigns as {id, name}, for the inbox's "replied to" filter. */
  options: () => [...campaignsKeys.all, 'options'] as const,
  detail: (id: string) => [...campaignsKeys.all, 'detail', id] as const,
  progress: (id: string) => [...campaignsKeys.all, 'progress', id] as const,
  audiencePreview: (audience: Audience) => [...campaignsKeys.all, 'audience-preview', audience] as const,
  /** Whether it is published to the public archive. */
  archive: (id: string) => [...campaignsKeys.all, 'archive', id] as const,
  /** Campaigns scheduled, launched or completed in [from, to). */
  calendar: (from: string, to: string) => [...campaignsKeys.all, 'calendar', from, to] as const,
  /** The campaign board (decision 101). */
  board: () => [...campaignsKeys.all, 'board'] as const,
  /** A campaign's approval state and history. */
  approval: (id: string) => [...campaignsKeys.all, 'approval', id] as const,
  /** The approval rule (an admin setting, read by the composer and the board). */
  approvalRule: () => [...campaignsKeys.all, 'approval-rule'] as const,
};
