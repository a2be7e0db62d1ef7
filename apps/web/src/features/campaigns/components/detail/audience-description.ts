import type { AudienceView } from '@sms/contracts/campaigns';
import { CONTACT_TAG_FIELDS } from '@sms/contracts/contacts';

/** An i18n key (campaigns namespace) and its values describing an audience in one line. */
export interface Description {
  key: string;
  values: Record<string, string | number>;
}

/** How a stored audience reads on the detail page ("Contacts with tag1 = Paris", "3 chosen contacts"). */
export function describeAudience(audience: AudienceView): Description[] {
  switch (audience.type) {
    case 'all':
      return [{ key: 'audience.all', values: {} }];
    case 'contacts':
      return [{ key: 'audience.contacts', values: { count: audience.count, amount: audience.count } }];
    case 'non_responders':
      return [
        { key: 'audience.nonResponders', values: { name: audience.campaignName ?? audience.campaignId } },
        ...(audience.tag1 && audience.tag1.length > 0
          ? [{ key: 'audience.onlyTag1', values: { values: audience.tag1.map((value) => value || '—').join(', ') } }]
          : []),
      ];
    case 'segment':
      return [
        {
          key: audience.snapshot ? 'audience.segmentResolved' : 'audience.segment',
          values: {
            name: audience.segmentName ?? audience.snapshot?.segmentName ?? audience.segmentId,
            date: audience.snapshot?.resolvedAt.slice(0, 10) ?? '',
          },
        },
      ];
    case 'filter': {
      const { filter } = audience;
      const parts: Description[] = CONTACT_TAG_FIELDS.filter((field) => filter[field]).map((field) => ({
        key: 'audience.tag',
        values: { field, value: filter[field] ?? '' },
      }));
      if (filter.createdFrom) parts.push({ key: 'audience.createdFrom', values: { date: filter.createdFrom.slice(0, 10) } });
      if (filter.createdTo) parts.push({ key: 'audience.createdTo', values: { date: filter.createdTo.slice(0, 10) } });
      return parts.length > 0 ? parts : [{ key: 'audience.all', values: {} }];
    }
  }
}
