/**
 * Wall-clock times in IANA time zones, with nothing but Intl: campaign schedules are typed as a
 * local date-time in a chosen zone, quiet hours are a daily window in the organisation's zone.
 * The web composer and the server share these functions so both read a schedule the same way.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA zone name ('Europe/Paris', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a zone. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in minutes (Paris in winter: 60). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for 'YYYY-MM-DDTHH:mm' (seconds optional) naming a real calendar date and time. */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s || 0));
  return date.getUTCMonth() === (mo ?? 1) - 1 && date.getUTCDate() === d && (h ?? 0) < 24 && (mi ?? 0) < 60 && (s || 0) < 60;
}

/**
 * The instant a local date-time ('2026-03-29T02:30') names in a zone. In a spring-forward gap the
 * time moves forward by the gap (02:30 -> 03:30 in Paris); in an autumn overlap the first
 * occurrence wins. Throws on a malformed value.
 */
export function zonedToInstant(local: string, timeZone: string): Date {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match || !isLocalDateTime(local)) throw new RangeError(`Not a local date-time: ${local}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s || 0);
  // Try the offsets in force a day either side; keep the earliest candidate that reads back right.
  const offsets = new Set([
    zoneOffsetMinutes(new Date(asUtc - 86_400_000), timeZone),
    zoneOffsetMinutes(new Date(asUtc + 86_400_000), timeZone),
  ]);
  const candidates = [...offsets].map((offset) => asUtc - offset * 60_000).sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (toLocalDateTime(new Date(candidate), timeZone).slice(0, 16) === local.slice(0, 16)) return new Date(candidate);
  }
  // A gap: no reading matches; the offset in force before the gap gives the later instant, which
  // reads as the local time pushed forward by the gap's length.
  return new Date(candidates[candidates.length - 1] ?? asUtc);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm:ss' of an instant in a zone (for date-time inputs and display). */
export function toLocalDateTime(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Minutes since local midnight of 'HH:mm'; NaN when malformed. */
export function minutesOfDay(value: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** A daily window 'start'-'end' in local time; end before start wraps past midnight (21:00-08:00). */
export interface DailyWindow {
  start: string;
  end: string;
}

/** Whether an instant falls inside a daily window read in a zone (start inclusive, end exclusive). */
export function isInDailyWindow(instant: Date, window: DailyWindow, timeZone: string): boolean {
  const start = minutesOfDay(window.start);
  const end = minutesOfDay(window.end);
  if (Number.isNaN(start) || Number.isNaN(end) || start === end) return false;
  const wall = wallClockAt(instant, timeZone);
  const now = wall.hour * 60 + wall.minute;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The next instant (minute precision) at which a daily window ends, for "waiting until 08:00". */
export function dailyWindowEnd(instant: Date, window: DailyWindow, timeZone: string): Date {
  const end = minutesOfDay(window.end);
  const wall = wallClockAt(instant, timeZone);
  const now = wall.hour * 60 + wall.minute;
  const minutesLeft = (end - now + 1440) % 1440 || 1440;
  return new Date(Math.floor(instant.getTime() / 60_000) * 60_000 + minutesLeft * 60_000);
}
