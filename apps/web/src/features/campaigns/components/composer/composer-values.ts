import {
  DEFAULT_REPLY_WINDOW_HOURS,
  type Audience,
  type Campaign,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '@sms/contracts/campaigns';
import { CONTACT_TAG_FIELDS } from '@sms/contracts/contacts';

/** A contact chosen for an explicit audience, with what the picker shows for it. */
export interface PickedContact {
  id: string;
  label: string;
}

export type AudienceType = Audience['type'];

/** The audience part of the composer: every kind's inputs are kept, so switching back restores them. */
export interface AudienceValues {
  type: AudienceType;
  tag1: string;
  tag2: string;
  tag3: string;
  /** YYYY-MM-DD or ''. */
  createdFrom: string;
  createdTo: string;
  contacts: PickedContact[];
  /** Editing a stored explicit list: the API gives its size only, so it is kept unless replaced. */
  keptContacts: number | null;
  campaignId: string;
  campaignName: string;
  /** Non-responders: only these tag1 values ('' = contacts without tag1); empty = all. */
  nonResponderTags: string[];
  /** A saved segment (resolved when the campaign starts sending). */
  segmentId: string;
  segmentName: string;
}

/** Everything the composer form holds; numbers stay text while typed. */
export interface ComposerValues {
  /** The template the text was started from ('' = none): counted as a use when the campaign is created. */
  templateId: string;
  name: string;
  body: string;
  senderId: string;
  /** '' = the default gateway at launch. */
  gatewayId: string;
  audience: AudienceValues;
  scheduleMode: 'now' | 'later';
  /** 'YYYY-MM-DDTHH:mm' read in timeZone. */
  scheduledLocal: string;
  timeZone: string;
  rateLimit: string;
  replyWindowHours: string;
  quietHoursEnabled: boolean;
  quietStart: string;
  quietEnd: string;
  validityHours: string;
}

const EMPTY_AUDIENCE: AudienceValues = {
  type: 'all',
  tag1: '',
  tag2: '',
  tag3: '',
  createdFrom: '',
  createdTo: '',
  contacts: [],
  keptContacts: null,
  campaignId: '',
  campaignName: '',
  nonResponderTags: [],
  segmentId: '',
  segmentName: '',
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const dateOnly = (value: string | undefined) => (value ? value.slice(0, 10) : '');

/** The audience inputs for a stored audience. */
export function audienceValues(campaign: Campaign | null): AudienceValues {
  const audience = campaign?.audience;
  if (!audience) return EMPTY_AUDIENCE;
  switch (audience.type) {
    case 'all':
      return EMPTY_AUDIENCE;
    case 'filter':
      return {
        ...EMPTY_AUDIENCE,
        type: 'filter',
        tag1: audience.filter.tag1 ?? '',
        tag2: audience.filter.tag2 ?? '',
        tag3: audience.filter.tag3 ?? '',
        createdFrom: dateOnly(audience.filter.createdFrom),
        createdTo: dateOnly(audience.filter.createdTo),
      };
    case 'contacts':
      return { ...EMPTY_AUDIENCE, type: 'contacts', keptContacts: audience.count };
    case 'non_responders':
      return {
        ...EMPTY_AUDIENCE,
        type: 'non_responders',
        campaignId: audience.campaignId,
        campaignName: audience.campaignName ?? '',
        nonResponderTags: audience.tag1 ?? [],
      };
    case 'segment':
      return { ...EMPTY_AUDIENCE, type: 'segment', segmentId: audience.segmentId, segmentName: audience.segmentName ?? '' };
  }
}

/** The form's starting values: a new campaign with the organisation's time zone, or the campaign's own. */
export function composerDefaults(campaign: Campaign | null, timeZone: string): ComposerValues {
  return {
    templateId: '',
    name: campaign?.name ?? '',
    body: campaign?.body ?? '',
    senderId: campaign?.senderId ?? '',
    gatewayId: campaign?.gatewayId ?? '',
    audience: audienceValues(campaign),
    scheduleMode: campaign?.scheduledLocal ? 'later' : 'now',
    scheduledLocal: campaign?.scheduledLocal?.slice(0, 16) ?? '',
    timeZone: campaign?.timeZone ?? timeZone,
    rateLimit: text(campaign?.rateLimit),
    replyWindowHours: text(campaign?.replyWindowHours ?? DEFAULT_REPLY_WINDOW_HOURS),
    quietHoursEnabled: Boolean(campaign?.quietHours),
    quietStart: campaign?.quietHours?.start ?? '21:00',
    quietEnd: campaign?.quietHours?.end ?? '08:00',
    validityHours: text(campaign?.validityHours),
  };
}

/**
 * The audience the inputs describe; `undefined` when an explicit list is kept as stored (leave it
 * out of the update), null when incomplete (no contact or no campaign chosen yet).
 */
export function audienceFromValues(values: AudienceValues): Audience | null | undefined {
  switch (values.type) {
    case 'all':
      return { type: 'all' };
    case 'filter': {
      const filter: Extract<Audience, { type: 'filter' }>['filter'] = {};
      for (const field of CONTACT_TAG_FIELDS) if (values[field].trim()) filter[field] = values[field].trim();
      if (values.createdFrom) filter.createdFrom = values.createdFrom;
      if (values.createdTo) filter.createdTo = values.createdTo;
      return { type: 'filter', filter };
    }
    case 'contacts':
      if (values.contacts.length > 0) return { type: 'contacts', contactIds: values.contacts.map((contact) => contact.id) };
      return values.keptContacts !== null ? undefined : null;
    case 'non_responders':
      if (!values.campaignId) return null;
      return {
        type: 'non_responders',
        campaignId: values.campaignId,
        ...(values.nonResponderTags.length > 0 ? { tag1: values.nonResponderTags } : {}),
      };
    case 'segment':
      return values.segmentId ? { type: 'segment', segmentId: values.segmentId } : null;
  }
}

/** A whole number typed in a field, null when empty, NaN when not a whole number. */
export function parseWhole(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The API body the form describes (before the shared schema checks it). The audience is left out
 * when an explicit list is kept as stored, and is null when it is incomplete.
 */
export function bodyFromValues(values: ComposerValues): Omit<CreateCampaignBody, 'audience'> & { audience: Audience | null | undefined } {
  return {
    ...(values.templateId ? { templateId: values.templateId } : {}),
    name: values.name,
    body: values.body,
    senderId: values.senderId.trim() || null,
    gatewayId: values.gatewayId || null,
    audience: audienceFromValues(values.audience),
    scheduledLocal: values.scheduleMode === 'later' ? values.scheduledLocal : null,
    timeZone: values.timeZone,
    rateLimit: parseWhole(values.rateLimit),
    replyWindowHours: parseWhole(values.replyWindowHours) ?? Number.NaN,
    quietHours: values.quietHoursEnabled ? { start: values.quietStart, end: values.quietEnd } : null,
    validityHours: parseWhole(values.validityHours),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PUT body: only the fields that differ from the stored campaign (the audience when replaced). */
export function changedFields(
  campaign: Campaign,
  body: CreateCampaignBody | (Omit<CreateCampaignBody, 'audience'> & { audience?: Audience }),
): UpdateCampaignBody {
  const changes: UpdateCampaignBody = {};
  const scalar = [
    'name',
    'body',
    'senderId',
    'gatewayId',
    'scheduledLocal',
    'timeZone',
    'rateLimit',
    'replyWindowHours',
    'quietHours',
    'validityHours',
  ] as const;
  const stored: Record<(typeof scalar)[number], unknown> = { ...campaign, scheduledLocal: campaign.scheduledLocal?.slice(0, 16) ?? null };
  for (const key of scalar) {
    if (!same(body[key] ?? null, stored[key] ?? null)) Object.assign(changes, { [key]: body[key] ?? null });
  }
  if (body.audience && !same(body.audience, audienceFromValues(audienceValues(campaign)))) changes.audience = body.audience;
  return changes;
}
