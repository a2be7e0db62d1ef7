import { DEFAULT_MESSAGING_SETTINGS } from '@sms/contracts/messaging-settings';
import { describe, expect, it } from 'vitest';
import { changedSettings, messagingFormValues, validateMessagingForm } from './messaging-form';

describe('messaging settings form', () => {
  it('reads the settings and writes them back the same', () => {
    const values = messagingFormValues(DEFAULT_MESSAGING_SETTINGS);
    expect(values).toEqual({
      timeZone: 'UTC',
      defaultCountry: '',
      pricePerSegment: '0.0075',
      pricePerSegmentUcs2: '0.0075',
      currency: 'USD',
    });
    const { timeZone, defaultCountry, pricePerSegment, pricePerSegmentUcs2, currency } = DEFAULT_MESSAGING_SETTINGS;
    expect(validateMessagingForm(values)).toEqual({ output: { timeZone, defaultCountry, pricePerSegment, pricePerSegmentUcs2, currency } });
  });

  it('accepts a decimal comma and normalises codes', () => {
    expect(
      validateMessagingForm({
        timeZone: 'Europe/Paris',
        defaultCountry: 'fr',
        pricePerSegment: '0,05',
        pricePerSegmentUcs2: '0.07',
        currency: 'eur',
      }),
    ).toEqual({
      output: { timeZone: 'Europe/Paris', defaultCountry: 'FR', pricePerSegment: 0.05, pricePerSegmentUcs2: 0.07, currency: 'EUR' },
    });
  });

  it('names each field that is wrong', () => {
    const result = validateMessagingForm({
      timeZone: 'Mars/Base',
      defaultCountry: 'XX',
      pricePerSegment: 'cheap',
      pricePerSegmentUcs2: '0.00001',
      currency: 'euro',
    });
    expect(result).toEqual({
      errors: {
        timeZone: 'timeZone must be an IANA time zone such as Europe/Paris',
        defaultCountry: 'defaultCountry must be a two-letter country code (such as GB)',
        pricePerSegment: 'validation.number',
        pricePerSegmentUcs2: 'pricePerSegmentUcs2 may have at most 4 decimals',
        currency: 'currency must be a three-letter currency code (such as USD)',
      },
    });
    expect(validateMessagingForm({ ...messagingFormValues(DEFAULT_MESSAGING_SETTINGS), pricePerSegment: '101' })).toEqual({
      errors: { pricePerSegment: 'pricePerSegment must be at most 100' },
    });
  });

  it('sends only what changed', () => {
    expect(changedSettings(DEFAULT_MESSAGING_SETTINGS, { ...DEFAULT_MESSAGING_SETTINGS, currency: 'EUR', defaultCountry: 'FR' })).toEqual({
      currency: 'EUR',
      defaultCountry: 'FR',
    });
    expect(changedSettings(DEFAULT_MESSAGING_SETTINGS, DEFAULT_MESSAGING_SETTINGS)).toEqual({});
  });
});
