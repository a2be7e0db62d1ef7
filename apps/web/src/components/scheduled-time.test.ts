import { describe, expect, it } from 'vitest';
import { formatOrgTime } from './scheduled-time';

// 01:30 on 2 March 2027 in Nairobi (UTC+3) is 22:30 UTC on 1 March, 19:30 in São Paulo (UTC-3).
const AT = '2027-03-01T22:30:00.000Z';

describe('formatOrgTime', () => {
  it('reads the instant in the zone it was scheduled in, with the viewer’s reading when it differs', () => {
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'en', { viewerZone: 'America/Sao_Paulo' })).toEqual({
      text: expect.stringMatching(/^Mar 2, 2027, 1:30\sAM$/),
      zone: 'Africa/Nairobi',
      local: expect.stringMatching(/^Mar 1, 2027, 7:30\sPM$/),
    });
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'en', { viewerZone: 'America/Sao_Paulo', withDate: false })?.text).toMatch(/^1:30\sAM$/);
  });

  it('gives no hint where the viewer reads the same time (same zone, or another with the same offset)', () => {
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'en', { viewerZone: 'Africa/Nairobi' })?.local).toBeNull();
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'en', { viewerZone: 'Europe/Moscow' })?.local).toBeNull();
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'en', { viewerZone: null })?.local).toBeNull();
  });

  it('uses Latin digits in every language (decision 044), and UTC for a zone the browser does not know', () => {
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'ar', { viewerZone: null })?.text).toMatch(/2027/);
    expect(formatOrgTime(AT, 'Africa/Nairobi', 'ar', { viewerZone: null })?.text).not.toMatch(/[\u0660-\u0669]/);
    expect(formatOrgTime(AT, 'Not/AZone', 'en', { viewerZone: null })).toMatchObject({
      zone: 'UTC',
      text: expect.stringMatching(/10:30\sPM/),
    });
  });

  it('answers null when there is no instant or it cannot be read', () => {
    expect(formatOrgTime(null, 'UTC', 'en')).toBeNull();
    expect(formatOrgTime('not a date', 'UTC', 'en')).toBeNull();
  });
});
