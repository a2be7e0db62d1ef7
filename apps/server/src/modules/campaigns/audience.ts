import type { StoredAudience } from '@sms/contracts/campaigns';
import { REACHED_STATUSES } from '@sms/contracts/messages';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema.ts';
import { contactFilterWhere, notTrashed } from '../contacts/index.ts';

/**
 * Which contacts an audience names, as a condition on `contacts` (opted-out contacts included:
 * callers add `status = 'active'` for recipients and count the others as excluded).
 *
 * `contacts` audiences read campaign_audience_contacts when the campaign is saved, or the ids
 * themselves for a preview of an unsaved draft. Non-responders: recipients of the source campaign
 * whose message reached them (sent, delivered or unknown: reply-figures.ts) and who have not
 * replied. Segments: the definition recorded when the campaign started sending, or the live one a
 * caller filled in (withSegmentDefinition); without either (the segment was deleted before it was
 * resolved) they reach nobody.
 */
export function audienceWhere(audience: StoredAudience, savedCampaignId?: string): SQL | undefined {
  // Contacts in the trash are no one's audience (decision 087); filters and segments leave them out already.
  return audience.type === 'filter' || audience.type === 'segment'
    ? namedWhere(audience, savedCampaignId)
    : and(namedWhere(audience, savedCampaignId), notTrashed);
}

function namedWhere(audience: StoredAudience, savedCampaignId?: string): SQL | undefined {
  switch (audience.type) {
    case 'all':
      return undefined;
    case 'filter':
      return contactFilterWhere(audience.filter);
    case 'contacts':
      return savedCampaignId
        ? sql`exists (select 1 from campaign_audience_contacts a where a.campaign_id = ${savedCampaignId} and a.contact_id = ${contacts.id})`
        : sql`${contacts.id} = any(${sql.param(audience.contactIds)}::uuid[])`;
    case 'non_responders': {
      // Some tag1 values: the tag1 their message took at the campaign's fan-out, as the reports group
      // them (decision 089); '' stands for contacts without a tag1 ("(none)" in the reports).
      const ofTag1 = audience.tag1 ? sql`and coalesce(m.tag1, '') = any(${sql.param(audience.tag1)}::text[])` : sql``;
      return sql`exists (select 1 from messages m where m.campaign_id = ${audience.campaignId} and m.contact_id = ${contacts.id}
        and m.status = any(${sql.param(REACHED_STATUSES)}::text[]) and m.replied_at is null ${ofTag1})`;
    }
    case 'segment':
      // The very compiler of the contacts list: a segment names the contacts the list shows for it.
      return audience.definition ? contactFilterWhere(audience.definition) : sql`false`;
  }
}

/** The recipients of an audience: its contacts that are not opted out. */
export function recipientsWhere(audience: StoredAudience, savedCampaignId?: string): SQL {
  return and(audienceWhere(audience, savedCampaignId), eq(contacts.status, 'active')) as SQL;
}
