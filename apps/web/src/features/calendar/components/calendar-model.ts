import {
  addDays,
  dayRange,
  daysBetween,
  isCalendarDate,
  localDate,
  monthGrid,
  shiftLocalDateTime,
  weekDates,
} from '@sms/contracts/calendar-dates';
import type { CalendarCampaign } from '@sms/contracts/campaigns';
import { weekStartOf } from '@sms/contracts/week-start';
import { zonedToInstant } from '@sms/contracts/zoned-time';
import { intlLocale } from '../../../lib/i18n/intl-locale';

export type CalendarView = 'month' | 'week';

/** What the calendar shows, kept in the URL (`?view=week&date=2026-11-25`). */
export interface CalendarState {
  view: CalendarView;
  /** Any date inside the month or week shown. */
  date: string;
}

/** Reads the state from the query string; a missing or bad value falls back to this month of `today`. */
export function parseCalendarState(params: URLSearchParams, today: string): CalendarState {
  const date = params.get('date') ?? '';
  return { view: params.get('view') === 'week' ? 'week' : 'month', date: isCalendarDate(date) ? date : today };
}

/** The query string of a state (defaults left out). */
export function calendarStateToParams(state: CalendarState, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'month') params.set('view', state.view);
  if (state.date !== today) params.set('date', state.date);
  return params;
}

/** The weeks the view shows: a month grid (4-6 weeks) or one week. */
export function visibleWeeks(state: CalendarState, weekStartsOn: number): string[][] {
  if (state.view === 'week') return [weekDates(state.date, weekStartsOn)];
  const [year, month] = state.date.split('-').map(Number) as [number, number];
  return monthGrid(year, month, weekStartsOn);
}

/** The [from, to) instants of the visible days in `timeZone` (the API range). */
export function visibleRange(weeks: string[][], timeZone: string): { from: string; to: string } {
  const first = weeks[0]?.[0] ?? '';
  const last = weeks.at(-1)?.at(-1) ?? first;
  const { from, to } = dayRange(first, last, timeZone);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The date the previous / next button goes to. */
export function stepDate(state: CalendarState, direction: 1 | -1): string {
  if (state.view === 'week') return addDays(state.date, 7 * direction);
  const [year, month] = state.date.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + direction, 1, 12));
  return shifted.toISOString().slice(0, 10);
}

/**
 * When a campaign starts: its schedule while scheduled, else the later of launch and schedule
 * (launchedAt is when sending started: decision 084).
 */
export function startOf(campaign: CalendarCampaign): string | null {
  if (campaign.status === 'scheduled') return campaign.scheduledAt;
  const candidates = [campaign.launchedAt, campaign.scheduledAt].filter((value): value is string => value !== null);
  if (candidates.length === 0) return campaign.completedAt;
  return candidates.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

export interface CalendarEntry {
  campaign: CalendarCampaign;
  /** ISO instant the entry stands for (its start). */
  at: string;
  /** Its day in the organisation's time zone. */
  date: string;
}

/** Campaigns placed on their start day in `timeZone`, grouped by date, each day in time order. */
export function entriesByDate(campaigns: readonly CalendarCampaign[], timeZone: string): Map<string, CalendarEntry[]> {
  const byDate = new Map<string, CalendarEntry[]>();
  for (const campaign of campaigns) {
    const at = startOf(campaign);
    if (!at) continue;
    const date = localDate(new Date(at), timeZone);
    const list = byDate.get(date) ?? [];
    list.push({ campaign, at, date });
    byDate.set(date, list);
  }
  for (const list of byDate.values())
    list.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.campaign.name.localeCompare(b.campaign.name));
  return byDate;
}

/** Only scheduled campaigns with a schedule can be moved (and only by roles that edit campaigns). */
export const isMovable = (campaign: CalendarCampaign): boolean =>
  campaign.status === 'scheduled' && campaign.scheduledLocal !== null && campaign.scheduledAt !== null;

/**
 * The new schedule of a campaign moved from the day it shows on (`fromDate`, the calendar's zone) to
 * `toDate`: the same number of days added to its own local schedule, in its own time zone, so its
 * time of day is kept (across daylight saving changes too). Null when it would not move.
 */
export function moveSchedule(
  campaign: CalendarCampaign,
  fromDate: string,
  toDate: string,
): { scheduledLocal: string; timeZone: string; at: Date } | null {
  if (!campaign.scheduledLocal) return null;
  const days = daysBetween(fromDate, toDate);
  if (days === 0) return null;
  const scheduledLocal = shiftLocalDateTime(campaign.scheduledLocal.slice(0, 16), days);
  return { scheduledLocal, timeZone: campaign.timeZone, at: zonedToInstant(scheduledLocal, campaign.timeZone) };
}

/**
 * The first day of the week of the interface, 0 = Sunday: its locale's formats, which for a language
 * without a region are those of the organisation's country (en in Kenya: Monday; decisions 107, 111).
 */
export const weekStartFor = (language: string, country?: string | null): number => weekStartOf(intlLocale(language, country)) % 7;
