import type { Campaign } from '@sms/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import { audienceFromValues, bodyFromValues, changedFields, composerDefaults, parseWhole } from './composer-values';

const counts = {
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  undelivered: 0,
  unknown: 0,
  failed: 0,
  cancelled: 0,
  skipped: 0,
  total: 0,
  replied: 0,
  optedOut: 0,
};
const campaign = (patch: Partial<Campaign> = {}): Campaign => ({
  id: '7f4c7a53-0d3b-4a53-9a34-7f2f2c5f1b10',
  name: 'Spring',
  body: 'Hi {{first_name}}',
  senderId: 'ACME',
  gatewayId: null,
  gatewayName: null,
  audience: { type: 'filter', filter: { tag1: 'paris', createdFrom: '2026-01-01' } },
  status: 'draft',
  statusReason: null,
  scheduledAt: null,
  scheduledLocal: null,
  timeZone: 'Europe/Paris',
  rateLimit: 20,
  replyWindowHours: 48,
  quietHours: { start: '22:00', end: '07:00' },
  validityHours: null,
  followUpOf: null,
  audienceReady: false,
  counts,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  launchedAt: null,
  completedAt: null,
  cancelledAt: null,
  ...patch,
});

describe('composer values', () => {
  it('start a new campaign in the organisation time zone with the default reply window', () => {
    const values = composerDefaults(null, 'Africa/Lagos');
    expect(values).toMatchObject({
      name: '',
      body: '',
      timeZone: 'Africa/Lagos',
      scheduleMode: 'now',
      replyWindowHours: '72',
      rateLimit: '',
      quietHoursEnabled: false,
    });
    expect(values.audience.type).toBe('all');
  });

  it('read a stored campaign back into the form and out again unchanged', () => {
    const stored = campaign({ scheduledLocal: '2026-06-01T09:30:00', status: 'scheduled' });
    const values = composerDefaults(stored, 'UTC');
    expect(values).toMatchObject({
      scheduleMode: 'later',
      scheduledLocal: '2026-06-01T09:30',
      rateLimit: '20',
      replyWindowHours: '48',
      quietHoursEnabled: true,
      quietStart: '22:00',
    });
    expect(values.audience).toMatchObject({ type: 'filter', tag1: 'paris', createdFrom: '2026-01-01' });
    const body = bodyFromValues(values);
    expect(body.audience).toEqual({ type: 'filter', filter: { tag1: 'paris', createdFrom: '2026-01-01' } });
    expect(changedFields(stored, { ...body, audience: body.audience ?? undefined })).toEqual({});
  });

  it('send only what changed', () => {
    const stored = campaign();
    const values = { ...composerDefaults(stored, 'UTC'), name: 'Summer', rateLimit: '', quietHoursEnabled: false };
    const body = bodyFromValues(values);
    expect(changedFields(stored, { ...body, audience: body.audience ?? undefined })).toEqual({
      name: 'Summer',
      rateLimit: null,
      quietHours: null,
    });
  });

  it('keep a stored explicit list unless contacts are picked again', () => {
    const stored = campaign({ audience: { type: 'contacts', count: 12 } });
    const values = composerDefaults(stored, 'UTC');
    expect(values.audience).toMatchObject({ type: 'contacts', keptContacts: 12, contacts: [] });
    expect(audienceFromValues(values.audience)).toBeUndefined();
    const picked = { ...values.audience, contacts: [{ id: 'c1', label: 'A' }] };
    expect(audienceFromValues(picked)).toEqual({ type: 'contacts', contactIds: ['c1'] });
    expect(
      changedFields(stored, { ...bodyFromValues({ ...values, audience: picked }), audience: { type: 'contacts', contactIds: ['c1'] } }),
    ).toEqual({
      audience: { type: 'contacts', contactIds: ['c1'] },
    });
  });

  it('say when an audience is incomplete', () => {
    const empty = composerDefaults(null, 'UTC').audience;
    expect(audienceFromValues({ ...empty, type: 'contacts' })).toBeNull();
    expect(audienceFromValues({ ...empty, type: 'non_responders' })).toBeNull();
    expect(audienceFromValues({ ...empty, type: 'non_responders', campaignId: 'x', nonResponderTags: ['', 'north'] })).toEqual({
      type: 'non_responders',
      campaignId: 'x',
      tag1: ['', 'north'],
    });
    expect(audienceFromValues({ ...empty, type: 'filter', tag2: '  ' })).toEqual({ type: 'filter', filter: {} });
  });

  it('map empty fields to null and the schedule to its mode', () => {
    const values = {
      ...composerDefaults(null, 'UTC'),
      senderId: ' ',
      gatewayId: '',
      scheduledLocal: '2026-06-01T09:00',
      validityHours: '',
    };
    expect(bodyFromValues(values)).toMatchObject({
      senderId: null,
      gatewayId: null,
      scheduledLocal: null,
      validityHours: null,
      quietHours: null,
    });
    expect(bodyFromValues({ ...values, scheduleMode: 'later' }).scheduledLocal).toBe('2026-06-01T09:00');
  });

  it('read whole numbers only', () => {
    expect(parseWhole('')).toBeNull();
    expect(parseWhole(' 12 ')).toBe(12);
    expect(parseWhole('1.5')).toBeNaN();
    expect(parseWhole('-3')).toBeNaN();
  });
});
