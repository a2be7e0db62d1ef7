import { describe, expect, it } from 'vitest';
import { eventBody, eventLinks } from './webhook-links.ts';

describe('event links', () => {
  const base = 'https://sms.example.org';

  it('are left out without PUBLIC_URL, and for events that name nothing the API serves', () => {
    expect(eventLinks('message.status', { id: '7', contactId: 'c1' }, undefined)).toBeUndefined();
    expect(JSON.parse(eventBody({ id: 'e', type: 'message.status', createdAt: 't', data: { id: '7' } }, undefined))).toEqual({
      id: 'e',
      type: 'message.status',
      createdAt: 't',
      data: { id: '7' },
    });
    expect(eventLinks('import.completed', { importId: 'i1' }, base)).toBeUndefined();
  });

  it('name the objects of each event under PUBLIC_URL', () => {
    expect(eventLinks('message.status', { id: '7', contactId: 'c1' }, base)).toEqual({
      message: `${base}/api/v1/messages/7`,
      contact: `${base}/api/v1/contacts/c1`,
    });
    expect(eventLinks('contact.opted_out', { contactId: 'c1', phone: '+447700900001' }, base)).toEqual({
      contact: `${base}/api/v1/contacts/c1`,
    });
    expect(
      eventLinks('message.inbound', { from: '+447700900450', replyToMessageId: '9', campaignId: 'k1', contactId: null }, base),
    ).toEqual({
      inbound: `${base}/api/v1/inbound?from=%2B447700900450`,
      campaignReport: `${base}/api/v1/campaigns/k1/report`,
    });
    expect(eventLinks('campaign.completed', { campaignId: 'k1' }, base)).toEqual({ campaignReport: `${base}/api/v1/campaigns/k1/report` });
  });
});
