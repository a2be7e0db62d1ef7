import { wallClockAt, zonedToInstant } from './zoned-time.ts';

/**
 * Calendar dates ('YYYY-MM-DD', no zone) and the days they make in a time zone: shared by the
 * dashboard's day windows (server) and the campaign calendar's month and week grids (web).
 * Date arithmetic is done on the calendar date itself (UTC noon), so DST never shifts a day.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** True for a real 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const fromUtc = (time: number) => {
  const d = new Date(time);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days, 12));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Day of the week, 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The calendar date an instant falls on in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The instant a day starts in a zone (local midnight; the first instant after a midnight gap). */
export function startOfDay(date: string, timeZone: string): Date {
  return zonedToInstant(`${date}T00:00`, timeZone);
}

/** The first day of the week holding `date`, weeks starting on `weekStartsOn` (0 = Sunday, 1 = Monday, 6 = Saturday). */
export function startOfWeek(date: string, weekStartsOn: number): string {
  return addDays(date, -((weekday(date) - weekStartsOn + 7) % 7));
}

/** The 7 dates of the week holding `date`. */
export function weekDates(date: string, weekStartsOn: number): string[] {
  const first = startOfWeek(date, weekStartsOn);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/**
 * The month view of `year`/`month` (1-12): whole weeks from the week holding the 1st to the week
 * holding the last day (4 to 6 rows of 7 dates; days of the neighbouring months fill the edges).
 */
export function monthGrid(year: number, month: number, weekStartsOn: number): string[][] {
  const first = `${year}-${pad(month)}-01`;
  const last = fromUtc(Date.UTC(year, month, 0, 12));
  const weeks: string[][] = [];
  for (let start = startOfWeek(first, weekStartsOn); daysBetween(start, last) >= 0; start = addDays(start, 7)) {
    weeks.push(weekDates(start, weekStartsOn));
  }
  return weeks;
}

/** [from, to) instants covering whole days `firstDate`..`lastDate` in a zone (for a range query). */
export function dayRange(firstDate: string, lastDate: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDay(firstDate, timeZone), to: startOfDay(addDays(lastDate, 1), timeZone) };
}

/**
 * A local date-time ('YYYY-MM-DDTHH:mm') moved by whole days, its time of day kept: how the
 * calendar reschedules a campaign dragged from one day to another.
 */
export function shiftLocalDateTime(local: string, days: number): string {
  const date = local.slice(0, 10);
  return `${addDays(date, days)}${local.slice(10)}`;
}
