import { createCampaignBodySchema, type Audience, type CreateCampaignBody } from '@sms/contracts/campaigns';
import { zonedToInstant } from '@sms/contracts/zoned-time';
import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import { bodyFromValues, type ComposerValues } from './composer-values';

/** What a valid form turns into: the create body, with the audience left out when a stored list is kept. */
export type ComposerOutput = Omit<CreateCampaignBody, 'audience'> & { audience?: Audience };

const DIRECT = [
  'name',
  'body',
  'senderId',
  'gatewayId',
  'scheduledLocal',
  'timeZone',
  'rateLimit',
  'replyWindowHours',
  'validityHours',
] as const;
const AUDIENCE_FIELDS: Record<string, FieldPath<ComposerValues>> = {
  contactIds: 'audience.contacts',
  campaignId: 'audience.campaignId',
  segmentId: 'audience.segmentId',
  tag1: 'audience.tag1',
  tag2: 'audience.tag2',
  tag3: 'audience.tag3',
  createdFrom: 'audience.createdFrom',
  createdTo: 'audience.createdTo',
};

/** The form input an API or schema field path belongs to ('quietHours.end' -> quietEnd); null when none. */
export function formFieldFor(path: string): FieldPath<ComposerValues> | null {
  const [first = '', second = '', third = ''] = path.split('.');
  if ((DIRECT as readonly string[]).includes(first)) return first as FieldPath<ComposerValues>;
  if (first === 'quietHours') return second === 'start' ? 'quietStart' : 'quietEnd';
  if (first === 'audience') {
    // audience.filter.tag1 -> tag1; audience.contactIds.3 -> contactIds
    const key = second === 'filter' ? third : second;
    return AUDIENCE_FIELDS[key] ?? (second === 'tag1' ? 'audience.nonResponderTags' : 'audience.type');
  }
  return null;
}

type Errors = Partial<Record<FieldPath<ComposerValues>, string>>;

/** Checks the composer with the shared campaign schema plus what only the form knows (a schedule in the past, an incomplete audience). */
export function validateComposer(values: ComposerValues, now: Date = new Date()): { output: ComposerOutput } | { errors: Errors } {
  const errors: Errors = {};
  const draft = bodyFromValues(values);
  const { audience, ...rest } = draft;
  if (audience === null) {
    const type = values.audience.type;
    if (type === 'contacts') errors['audience.contacts'] = 'validation.chooseContacts';
    else if (type === 'segment') errors['audience.segmentId'] = 'validation.chooseSegment';
    else errors['audience.campaignId'] = 'validation.chooseCampaign';
  }
  for (const key of ['rateLimit', 'replyWindowHours', 'validityHours'] as const)
    if (Number.isNaN(rest[key])) errors[key] = 'validation.wholeNumber';
  if (values.scheduleMode === 'later' && !values.scheduledLocal) errors.scheduledLocal = 'validation.scheduleRequired';

  const parsed = createCampaignBodySchema.safeParse({ ...rest, audience: audience ?? { type: 'all' } });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldFor(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  } else if (
    values.scheduleMode === 'later' &&
    !errors.scheduledLocal &&
    zonedToInstant(values.scheduledLocal, values.timeZone).getTime() <= now.getTime()
  ) {
    errors.scheduledLocal = 'validation.scheduleInPast';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  const { audience: _checked, ...output } = parsed.data;
  return { output: audience ? { ...output, audience: parsed.data.audience } : output };
}

/** Turns flat "a.b" errors into the nested shape react-hook-form expects. */
function nested(errors: Errors): FieldErrors<ComposerValues> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1] ?? path] = { type: 'validate', message };
  }
  return out as FieldErrors<ComposerValues>;
}

/** The react-hook-form resolver of the composer (see validateComposer). */
export const composerResolver: Resolver<ComposerValues, unknown, ComposerOutput> = (values) => {
  const result = validateComposer(values);
  return 'output' in result ? { values: result.output, errors: {} } : { values: {}, errors: nested(result.errors) };
};
