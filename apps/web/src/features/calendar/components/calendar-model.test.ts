import type { CalendarCampaign } from '@sms/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import {
  calendarStateToParams,
  entriesByDate,
  isMovable,
  moveSchedule,
  parseCalendarState,
  startOf,
  stepDate,
  visibleRange,
  visibleWeeks,
  weekStartFor,
} from './calendar-model';

const campaign = (over: Partial<CalendarCampaign>): CalendarCampaign => ({
  id: 'c1',
  name: 'Spring sale',
  status: 'scheduled',
  scheduledAt: null,
  scheduledLocal: null,
  timeZone: 'Europe/Paris',
  launchedAt: null,
  completedAt: null,
  ...over,
});

describe('calendar state', () => {
  it('reads and writes the URL, falling back to this month', () => {
    expect(parseCalendarState(new URLSearchParams('view=week&date=2026-03-29'), '2026-11-25')).toEqual({
      view: 'week',
      date: '2026-03-29',
    });
    expect(parseCalendarState(new URLSearchParams('view=year&date=2026-02-30'), '2026-11-25')).toEqual({
      view: 'month',
      date: '2026-11-25',
    });
    expect(calendarStateToParams({ view: 'month', date: '2026-11-25' }, '2026-11-25').toString()).toBe('');
    expect(calendarStateToParams({ view: 'week', date: '2026-12-01' }, '2026-11-25').toString()).toBe('view=week&date=2026-12-01');
  });

  it('steps by month (clamped to the 1st) or by week', () => {
    expect(stepDate({ view: 'month', date: '2026-01-31' }, 1)).toBe('2026-02-01');
    expect(stepDate({ view: 'month', date: '2026-01-15' }, -1)).toBe('2025-12-01');
    expect(stepDate({ view: 'week', date: '2026-03-27' }, 1)).toBe('2026-04-03');
  });

  it('covers whole local days of the visible weeks, across a DST change', () => {
    const weeks = visibleWeeks({ view: 'week', date: '2026-03-29' }, 1);
    expect(weeks).toEqual([['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']]);
    // Paris: winter time (+1) at the start of the week, summer time (+2) from the 29th.
    expect(visibleRange(weeks, 'Europe/Paris')).toEqual({ from: '2026-03-22T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
    const month = visibleWeeks({ view: 'month', date: '2026-11-10' }, 0);
    expect(month).toHaveLength(5);
    expect(visibleRange(month, 'America/New_York').from).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('calendar entries', () => {
  it('places a campaign on its start day in the viewer zone', () => {
    // 23:30 UTC on the 31st is the 1st in Paris and the 31st in New York.
    const late = campaign({ scheduledAt: '2026-03-31T23:30:00.000Z', scheduledLocal: '2026-04-01T01:30' });
    expect([...entriesByDate([late], 'Europe/Paris').keys()]).toEqual(['2026-04-01']);
    expect([...entriesByDate([late], 'America/New_York').keys()]).toEqual(['2026-03-31']);
  });

  it('starts a sent campaign at the later of launch and schedule; orders a day by time', () => {
    const scheduledThenSent = campaign({ status: 'completed', launchedAt: '2026-03-01T09:00:00Z', scheduledAt: '2026-03-05T08:00:00Z' });
    expect(startOf(scheduledThenSent)).toBe('2026-03-05T08:00:00Z');
    const sentNow = campaign({ status: 'sending', launchedAt: '2026-03-05T07:00:00Z' });
    const day = entriesByDate([scheduledThenSent, { ...sentNow, id: 'c2' }], 'UTC').get('2026-03-05');
    expect(day?.map((e) => e.campaign.id)).toEqual(['c2', 'c1']);
    expect(entriesByDate([campaign({ status: 'cancelled' })], 'UTC').size).toBe(0);
  });

  it('moves only scheduled campaigns, by whole days, keeping the local time through DST', () => {
    const before = campaign({ scheduledAt: '2026-03-27T08:30:00.000Z', scheduledLocal: '2026-03-27T09:30' });
    expect(isMovable(before)).toBe(true);
    expect(isMovable({ ...before, status: 'sending' })).toBe(false);
    const moved = moveSchedule(before, '2026-03-27', '2026-03-30');
    // 09:30 in Paris stays 09:30, now in summer time: 07:30 UTC.
    expect(moved).toEqual({ scheduledLocal: '2026-03-30T09:30', timeZone: 'Europe/Paris', at: new Date('2026-03-30T07:30:00.000Z') });
    expect(moveSchedule(before, '2026-03-27', '2026-03-27')).toBeNull();
    expect(moveSchedule(before, '2026-03-27', '2026-03-20')?.scheduledLocal).toBe('2026-03-20T09:30');
  });

  it('starts weeks as the language does', () => {
    expect(weekStartFor('en')).toBe(0);
    expect(weekStartFor('fr')).toBe(1);
    expect([0, 1, 6]).toContain(weekStartFor('ar'));
  });

  it("starts weeks as the organisation's country does for a language without a region (en in Kenya: Monday)", () => {
    expect(weekStartFor('en', 'KE')).toBe(1);
    expect(weekStartFor('en', 'US')).toBe(0);
    expect(weekStartFor('en', 'GB')).toBe(1);
    // A locale with its own region keeps its week.
    expect(weekStartFor('de-DE', 'US')).toBe(1);
  });
});
