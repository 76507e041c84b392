// The calendar's date math, pure and time-zone free: a day is its day number (days since
// 1970-01-01, src/shared/filters/dates.ts), a moment is day * 1440 + minutes. Cells are read with
// the shared date reader (YYYY-MM-DDTHH:MM and the other accepted formats), so a calendar shows
// exactly what the sheet says, in any browser time zone. Weeks start on Sunday (US English).
import { LONG_MONTHS, SHORT_MONTHS, dayNumber, parseDate, weekdayMondayFirst } from '../../shared/filters/dates';
import type { CalendarView } from './schema';

export const MINUTES_PER_DAY = 1440;
/** Timed events without a readable end last this long. */
export const DEFAULT_DURATION = 60;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface CalendarEvent {
  /** Position of the row in the sheet rows handed to the view. */
  index: number;
  title: string;
  /** Moments (day * 1440 + minutes); `end` is exclusive for timed events. */
  start: number;
  end: number;
  allDay: boolean;
  /** First and last day the event shows on (inclusive). */
  startDay: number;
  endDay: number;
  row: Record<string, unknown>;
}

/** The calendar date of a day number (inverse of dayNumber; Howard Hinnant's civil_from_days). */
export function civil(n: number): CalendarDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdaySundayFirst(n: number): number {
  return (weekdayMondayFirst(n) + 1) % 7;
}

/** The Sunday on or before a day. */
export function weekStart(n: number): number {
  return n - weekdaySundayFirst(n);
}

/** Weeks (Sunday to Saturday, day numbers) covering a month: 4 to 6 rows of 7. */
export function monthWeeks(year: number, month: number): number[][] {
  const first = dayNumber({ year, month, day: 1 });
  const next = month === 12 ? dayNumber({ year: year + 1, month: 1, day: 1 }) : dayNumber({ year, month: month + 1, day: 1 });
  const weeks: number[][] = [];
  for (let start = weekStart(first); start < next; start += 7) weeks.push(Array.from({ length: 7 }, (_, i) => start + i));
  return weeks;
}

/** A cell read as a moment: null when it is empty or not a date. */
export function readMoment(value: unknown): { day: number; minutes: number; hasTime: boolean } | null {
  const d = parseDate(value);
  if (!d) return null;
  return { day: dayNumber(d), minutes: d.hasTime ? d.hours * 60 + d.minutes : 0, hasTime: d.hasTime };
}

export interface EventColumns {
  start: string;
  end?: string;
  title: string;
}

/**
 * Rows as events. A row whose start is not a date is left out. A start without a time makes an
 * all-day event, running to the end date (inclusive) when the end column holds a later date.
 * Timed events end at their end when it is later than the start, else one hour after it; an
 * event ending at midnight does not show on the next day. Sorted by start, longer first.
 */
export function toEvents(rows: Record<string, unknown>[], cols: EventColumns): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  rows.forEach((row, index) => {
    const s = readMoment(row[cols.start]);
    if (!s) return;
    const e = cols.end ? readMoment(row[cols.end]) : null;
    const rawTitle = row[cols.title];
    const title = rawTitle === null || rawTitle === undefined || String(rawTitle).trim() === '' ? '(no title)' : String(rawTitle);
    const start = s.day * MINUTES_PER_DAY + s.minutes;
    if (!s.hasTime) {
      const endDay = e && e.day > s.day ? e.day : s.day;
      out.push({ index, title, start, end: (endDay + 1) * MINUTES_PER_DAY, allDay: true, startDay: s.day, endDay, row });
      return;
    }
    const endAt = e ? e.day * MINUTES_PER_DAY + e.minutes : -Infinity;
    const end = endAt > start ? endAt : start + DEFAULT_DURATION;
    out.push({ index, title, start, end, allDay: false, startDay: s.day, endDay: Math.floor((end - 1) / MINUTES_PER_DAY), row });
  });
  return out.sort((a, b) => a.start - b.start || b.end - a.end || a.index - b.index);
}

/** Events showing on any day of [first, last]. */
export function eventsBetween(events: CalendarEvent[], first: number, last: number): CalendarEvent[] {
  return events.filter((e) => e.startDay <= last && e.endDay >= first);
}

export interface Segment {
  event: CalendarEvent;
  /** Column of its first day in the range (0-based) and how many days it covers there. */
  col: number;
  span: number;
  /** Row of stacked segments (0 = top); overlapping segments never share a lane. */
  lane: number;
  /** The event started before / goes on after this range. */
  before: boolean;
  after: boolean;
}

/**
 * Bars of the events over a range of `days` days from `first` (a week row of the month view, or
 * the all-day strip of the week and day views), each in the first lane free over all its days.
 */
export function segments(events: CalendarEvent[], first: number, days: number): Segment[] {
  const last = first + days - 1;
  const lanes: number[][] = []; // lanes[lane] = columns taken
  const out: Segment[] = [];
  for (const event of eventsBetween(events, first, last)) {
    const from = Math.max(event.startDay, first) - first;
    const to = Math.min(event.endDay, last) - first;
    let lane = 0;
    while (lanes[lane]?.some((c) => c >= from && c <= to)) lane++;
    (lanes[lane] ??= []).push(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
    out.push({ event, col: from, span: to - from + 1, lane, before: event.startDay < first, after: event.endDay > last });
  }
  return out;
}

/** Events that go in the week and day views' all-day strip: all-day ones and those over several days. */
export function isStripEvent(e: CalendarEvent): boolean {
  return e.allDay || e.endDay > e.startDay;
}

export interface TimedBox {
  event: CalendarEvent;
  /** Minutes from the day's midnight. */
  top: number;
  height: number;
  /** Side-by-side placement among overlapping events: column `col` of `cols`. */
  col: number;
  cols: number;
}

/** Minimum drawn height of a timed event, in minutes, so a 5-minute event stays clickable. */
export const MIN_BOX_MINUTES = 20;

/**
 * Timed single-day events of one day as boxes of the time grid. Overlapping events form a group
 * and share its width: each takes the first free column.
 */
export function dayBoxes(events: CalendarEvent[], day: number): TimedBox[] {
  const timed = events.filter((e) => !isStripEvent(e) && e.startDay === day);
  const out: TimedBox[] = [];
  let group: TimedBox[] = [];
  let groupEnd = -Infinity;
  const colEnds: number[] = [];
  const close = () => {
    const cols = Math.max(1, ...group.map((b) => b.col + 1));
    for (const b of group) b.cols = cols;
    group = [];
    colEnds.length = 0;
  };
  for (const event of timed) {
    const top = event.start - day * MINUTES_PER_DAY;
    const bottom = Math.max(event.end - day * MINUTES_PER_DAY, top + MIN_BOX_MINUTES);
    if (group.length && top >= groupEnd) {
      close();
      groupEnd = -Infinity;
    }
    let col = colEnds.findIndex((end) => end <= top);
    if (col === -1) col = colEnds.length;
    colEnds[col] = bottom;
    const box = { event, top, height: Math.min(bottom, MINUTES_PER_DAY) - top, col, cols: 1 };
    group.push(box);
    out.push(box);
    groupEnd = Math.max(groupEnd, bottom);
  }
  if (group.length) close();
  return out;
}

/** The day the calendar opens on: today, or the 1st of the selected month and year. */
export function openingDay(config: Record<string, unknown>, today: CalendarDate): number {
  if (config.default_calendar_month !== 'Selected month') return dayNumber(today);
  const y = Number(config.calender_year);
  const m = Number(config.calender_month);
  const year = Number.isInteger(y) && y >= 1 && y <= 9999 && config.calender_year !== '' ? y : today.year;
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : 1;
  return dayNumber({ year, month, day: 1 });
}

/** The view the calendar opens with (Month when the setting is unknown). */
export function openingView(config: Record<string, unknown>): CalendarView {
  const v = config.default_calendar_view;
  return v === 'Week' || v === 'Day' ? v : 'Month';
}

/** Prev/next: a month (keeping the day, clamped to the month's length), a week, or a day. */
export function step(view: CalendarView, day: number, dir: 1 | -1): number {
  if (view === 'Week') return day + 7 * dir;
  if (view === 'Day') return day + dir;
  const d = civil(day);
  const total = d.month - 1 + dir;
  const year = d.year + Math.floor(total / 12);
  const month = (((total % 12) + 12) % 12) + 1;
  const last = civil(dayNumber({ year: month === 12 ? year + 1 : year, month: month === 12 ? 1 : month + 1, day: 1 }) - 1).day;
  return dayNumber({ year, month, day: Math.min(d.day, last) });
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The heading of the shown range: 'March 2024', 'Mar 3 – 9, 2024', 'Tuesday, March 5, 2024'. */
export function rangeTitle(view: CalendarView, day: number): string {
  const d = civil(day);
  if (view === 'Month') return `${LONG_MONTHS[d.month - 1]} ${d.year}`;
  if (view === 'Day') return `${WEEKDAYS[weekdaySundayFirst(day)]}, ${LONG_MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
  const a = civil(weekStart(day));
  const b = civil(weekStart(day) + 6);
  const left = `${SHORT_MONTHS[a.month - 1]} ${a.day}`;
  if (a.year !== b.year) return `${left}, ${a.year} – ${SHORT_MONTHS[b.month - 1]} ${b.day}, ${b.year}`;
  if (a.month !== b.month) return `${left} – ${SHORT_MONTHS[b.month - 1]} ${b.day}, ${b.year}`;
  return `${left} – ${b.day}, ${b.year}`;
}

/** 'HH:MM' on a 12-hour clock: 540 → '9:00 AM'. */
export function clock(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(m / 60);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A compact clock for month bars: 540 → '9a', 870 → '2:30p'. */
export function shortClock(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(m / 60);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m % 60 ? `:${String(m % 60).padStart(2, '0')}` : ''}${h < 12 ? 'a' : 'p'}`;
}

/** The event's time span for people: 'March 5, 2024, 9:00 AM – 10:30 AM', 'March 5 – 7, 2024 (all day)'. */
export function eventWhen(e: CalendarEvent): string {
  const a = civil(e.startDay);
  const date = (d: CalendarDate) => `${LONG_MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
  if (e.allDay) {
    if (e.endDay === e.startDay) return `${date(a)} (all day)`;
    return `${date(a)} – ${date(civil(e.endDay))} (all day)`;
  }
  const endDay = Math.floor(e.end / MINUTES_PER_DAY);
  const startText = `${date(a)}, ${clock(e.start)}`;
  if (endDay === e.startDay || (endDay === e.startDay + 1 && e.end % MINUTES_PER_DAY === 0)) return `${startText} – ${clock(e.end)}`;
  return `${startText} – ${date(civil(endDay))}, ${clock(e.end)}`;
}
