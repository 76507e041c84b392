// Dates and the registration countdown of the event block, as pure functions. Dates are the
// editor's YYYY-MM-DD values, formatted by their parts (no time zone can shift a day); the
// deadline is a moment in the visitor's local time.

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY', 'MMM DD, YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface DayParts {
  y: number;
  m: number;
  d: number;
}

/** 'YYYY-MM-DD' (or the date part of 'YYYY-MM-DDTHH:MM') → its parts, when it is a real day. */
export function dayOf(v: unknown): DayParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(typeof v === 'string' ? v.trim() : '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d ? { y, m: mo, d } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date in one of the spec's formats; '' when the value is not a date. */
export function formatEventDate(v: unknown, format: unknown): string {
  const p = dayOf(v);
  if (!p) return '';
  const [dd, mm, yyyy, mmm] = [pad(p.d), pad(p.m), String(p.y), MONTHS[p.m - 1]!];
  switch (format) {
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'YYYY-MM-DD':
      return `${yyyy}-${mm}-${dd}`;
    case 'DD MMM YYYY':
      return `${dd} ${mmm} ${yyyy}`;
    case 'MMM DD, YYYY':
      return `${mmm} ${dd}, ${yyyy}`;
    default:
      return `${dd}/${mm}/${yyyy}`;
  }
}

/** 'HH:MM' (or 'HH:MM:SS') as written, '' when it is not a time. */
export function timeOf(v: unknown): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(typeof v === 'string' ? v.trim() : '');
  return m ? `${m[1]}:${m[2]}` : '';
}

/** The event's dates as one line: a single day, or 'start – end' for multi-day events. */
export function eventDateLine(config: Record<string, unknown>): string {
  const start = formatEventDate(config.start_date, config.date_format);
  if (config.Event_Type !== 'Multi day') return start;
  const end = formatEventDate(config.end_date, config.date_format);
  if (start && end && start !== end) return `${start} – ${end}`;
  return start || end;
}

/** '09:00 – 17:00', '09:00', or ''. */
export function eventTimeLine(config: Record<string, unknown>): string {
  const [a, b] = [timeOf(config.start_time), timeOf(config.end_time)];
  if (a && b) return `${a} – ${b}`;
  return a || b;
}

/**
 * The registration deadline in ms (visitor's local time): the deadline day at
 * `registration_deadline_time` (default the end of the day, 23:59:59), or a stored
 * 'YYYY-MM-DDTHH:MM' as written. Null when no deadline is set.
 */
export function deadlineOf(date: unknown, time?: unknown): number | null {
  const p = dayOf(date);
  if (!p) return null;
  const inline = /T(\d{2}):(\d{2})/.exec(typeof date === 'string' ? date : '');
  const t = inline ? `${inline[1]}:${inline[2]}` : timeOf(time);
  if (!t) return new Date(p.y, p.m - 1, p.d, 23, 59, 59).getTime();
  const [h, min] = t.split(':').map(Number) as [number, number];
  // A deadline 'at 23:59' means until that minute is over.
  return new Date(p.y, p.m - 1, p.d, h, min, h === 23 && min === 59 ? 59 : 0).getTime();
}

export interface CountdownParts {
  closed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until the deadline, in whole days/hours/minutes/seconds; closed once it has passed. */
export function countdownParts(deadline: number, now: number): CountdownParts {
  const left = Math.floor((deadline - now) / 1000);
  if (left <= 0) return { closed: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  return { closed: false, days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}

export const REGISTRATION_CLOSED = 'Registration closed';
