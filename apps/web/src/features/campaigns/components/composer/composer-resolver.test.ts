import { describe, expect, it } from 'vitest';
import { formFieldFor, validateComposer } from './composer-resolver';
import { composerDefaults, type ComposerValues } from './composer-values';

const now = new Date('2026-05-01T10:00:00Z');
const valid = (patch: Partial<ComposerValues> = {}): ComposerValues => ({
  ...composerDefaults(null, 'Europe/Paris'),
  name: 'Spring',
  body: 'Hello',
  ...patch,
});
const errorsOf = (values: ComposerValues) => {
  const result = validateComposer(values, now);
  return 'errors' in result ? result.errors : {};
};

describe('validateComposer', () => {
  it('turns a valid form into the create body', () => {
    const result = validateComposer(valid({ rateLimit: '10', quietHoursEnabled: true }), now);
    expect(result).toEqual({
      output: {
        name: 'Spring',
        body: 'Hello',
        senderId: null,
        gatewayId: null,
        audience: { type: 'all' },
        scheduledLocal: null,
        timeZone: 'Europe/Paris',
        rateLimit: 10,
        replyWindowHours: 72,
        quietHours: { start: '21:00', end: '08:00' },
        validityHours: null,
      },
    });
  });

  it('uses the shared schema messages for the fields it checks', () => {
    expect(errorsOf(valid({ name: ' ' }))).toEqual({ name: 'name is required' });
    expect(errorsOf(valid({ senderId: 'way too long sender' }))).toHaveProperty('senderId');
    expect(errorsOf(valid({ rateLimit: '0' }))).toEqual({ rateLimit: 'rateLimit must be at least 1' });
    expect(errorsOf(valid({ quietHoursEnabled: true, quietStart: '08:00', quietEnd: '08:00' }))).toEqual({
      quietEnd: 'quietHours.end must differ from quietHours.start',
    });
  });

  it('refuses numbers that are not whole', () => {
    expect(errorsOf(valid({ rateLimit: 'fast', validityHours: '2.5' }))).toEqual({
      rateLimit: 'validation.wholeNumber',
      validityHours: 'validation.wholeNumber',
    });
    expect(errorsOf(valid({ replyWindowHours: '' }))).toEqual({ replyWindowHours: 'validation.wholeNumber' });
  });

  it('needs a future date and time when scheduled (read in the chosen zone)', () => {
    expect(errorsOf(valid({ scheduleMode: 'later', scheduledLocal: '' }))).toEqual({ scheduledLocal: 'validation.scheduleRequired' });
    // 11:30 in Paris is 09:30 UTC: already past at 10:00 UTC.
    expect(errorsOf(valid({ scheduleMode: 'later', scheduledLocal: '2026-05-01T11:30' }))).toEqual({
      scheduledLocal: 'validation.scheduleInPast',
    });
    expect(validateComposer(valid({ scheduleMode: 'later', scheduledLocal: '2026-05-01T12:30' }), now)).toHaveProperty(
      'output.scheduledLocal',
      '2026-05-01T12:30',
    );
  });

  it('asks for contacts or a campaign when the audience needs them', () => {
    const base = valid();
    expect(errorsOf({ ...base, audience: { ...base.audience, type: 'contacts' } })).toEqual({
      'audience.contacts': 'validation.chooseContacts',
    });
    expect(errorsOf({ ...base, audience: { ...base.audience, type: 'non_responders' } })).toEqual({
      'audience.campaignId': 'validation.chooseCampaign',
    });
  });

  it('leaves a kept explicit list out of the output', () => {
    const base = valid();
    const result = validateComposer({ ...base, audience: { ...base.audience, type: 'contacts', keptContacts: 4 } }, now);
    expect(result).toHaveProperty('output');
    expect('output' in result && 'audience' in result.output).toBe(false);
  });
});

describe('formFieldFor', () => {
  it('maps API and schema paths to the form inputs', () => {
    expect(formFieldFor('name')).toBe('name');
    expect(formFieldFor('quietHours.start')).toBe('quietStart');
    expect(formFieldFor('quietHours')).toBe('quietEnd');
    expect(formFieldFor('audience.contactIds.3')).toBe('audience.contacts');
    expect(formFieldFor('audience.filter.tag2')).toBe('audience.tag2');
    expect(formFieldFor('audience.campaignId')).toBe('audience.campaignId');
    expect(formFieldFor('audience.tag1.0')).toBe('audience.tag1');
    expect(formFieldFor('audience')).toBe('audience.type');
    expect(formFieldFor('unknown')).toBeNull();
  });
});
