import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../shared/filters/dates';
import { blockDefaults, validateBlock } from '../../shared/settings/block';
import { isVisible } from '../../shared/settings/visibility';
import {
  civil,
  clock,
  dayBoxes,
  eventWhen,
  eventsBetween,
  monthWeeks,
  openingDay,
  openingView,
  rangeTitle,
  readMoment,
  segments,
  shortClock,
  step,
  toEvents,
  weekStart,
  weekdaySundayFirst,
} from './calendar-math';
import { renderBlock, viewData } from '../testing/views';
import { CalendarBlock } from './CalendarBlock';
import { calendarSchema } from './schema';

const D = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dayNumber({ year: y, month: m, day: d });
};
const iso = (n: number) => {
  const d = civil(n);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};
const cols = { start: 'Start', end: 'End', title: 'Title' };

describe('calendar schema', () => {
  it('defaults: Month view on the current month', () => {
    const b = blockDefaults(calendarSchema, 'c');
    expect(b).toMatchObject({ default_calendar_view: 'Month', default_calendar_month: 'Current month', calender_month: '01' });
    expect(validateBlock(calendarSchema, b).map((i) => i.path).sort()).toEqual(['event_title_column', 'sheet_title', 'start_time_column']);
  });

  it.each<[string, boolean]>([
    ['Current month', false],
    ['Selected month', true],
  ])('year and month shown with %s: %s', (value, shown) => {
    const v = { default_calendar_month: value };
    expect(isVisible(calendarSchema.settings.calender_month!, v)).toBe(shown);
    expect(isVisible(calendarSchema.settings.calender_year!, v)).toBe(shown);
  });
});

describe('days', () => {
  it.each(['1970-01-01', '2000-02-29', '2024-03-05', '1969-12-31', '2100-12-31', '1900-03-01'])('civil(dayNumber(%s)) round-trips', (s) => {
    expect(iso(D(s))).toBe(s);
  });

  it.each<[string, number]>([
    ['2024-03-03', 0],
    ['2024-03-05', 2],
    ['2024-03-09', 6],
    ['1970-01-01', 4],
  ])('%s is weekday %i (Sunday 0)', (s, wd) => {
    expect(weekdaySundayFirst(D(s))).toBe(wd);
    expect(iso(weekStart(D(s)))).toBe(iso(D(s) - wd));
  });
});

describe('weeks of a month', () => {
  it.each<[number, number, string, string, number]>([
    // year, month, first shown day, last shown day, weeks
    [2024, 3, '2024-02-25', '2024-04-06', 6],
    [2015, 2, '2015-02-01', '2015-02-28', 4], // starts on a Sunday, 28 days
    [2024, 9, '2024-09-01', '2024-10-05', 5],
    [2023, 12, '2023-11-26', '2024-01-06', 6],
    [2024, 2, '2024-01-28', '2024-03-02', 5],
  ])('%i-%i: %s … %s in %i weeks', (y, m, first, last, count) => {
    const weeks = monthWeeks(y, m);
    expect(weeks).toHaveLength(count);
    expect(iso(weeks[0]![0]!)).toBe(first);
    expect(iso(weeks.at(-1)![6]!)).toBe(last);
    for (const w of weeks) expect(weekdaySundayFirst(w[0]!)).toBe(0);
    expect(weeks.flat().every((d, i, all) => i === 0 || d === all[i - 1]! + 1)).toBe(true);
  });
});

describe('reading cells', () => {
  it.each<[unknown, { day: string; minutes: number; hasTime: boolean } | null]>([
    ['2024-03-05T09:30', { day: '2024-03-05', minutes: 570, hasTime: true }],
    ['2024-03-05', { day: '2024-03-05', minutes: 0, hasTime: false }],
    ['05/03/2024 14:00', { day: '2024-03-05', minutes: 840, hasTime: true }],
    ['March 5, 2024 2:15 PM', { day: '2024-03-05', minutes: 855, hasTime: true }],
    ['2024-02-30T10:00', null],
    ['2024-03-05T25:00', null],
    ['soon', null],
    ['', null],
    [null, null],
    [45000, null],
  ])('%j', (value, expected) => {
    const m = readMoment(value);
    expect(m ? { ...m, day: iso(m.day) } : null).toEqual(expected);
  });
});

describe('events', () => {
  const rows = [
    { Title: 'Standup', Start: '2024-03-05T09:00', End: '2024-03-05T09:30' },
    { Title: 'Conference', Start: '2024-03-06', End: '2024-03-08' },
    { Title: 'Broken', Start: 'next week', End: '2024-03-08' },
    { Title: 'No end', Start: '2024-03-05T13:00', End: '' },
    { Title: 'Backwards', Start: '2024-03-05T15:00', End: '2024-03-05T14:00' },
    { Title: 'Overnight', Start: '2024-03-09T22:00', End: '2024-03-10T02:00' },
    { Title: 'To midnight', Start: '2024-03-07T20:00', End: '2024-03-08T00:00' },
    { Title: '', Start: '2024-03-01', End: 'garbage' },
  ];
  const events = toEvents(rows, cols);
  const byTitle = (t: string) => events.find((e) => e.title === t)!;

  it('bad starts are left out; order is by start', () => {
    expect(events.map((e) => e.title)).toEqual(['(no title)', 'Standup', 'No end', 'Backwards', 'Conference', 'To midnight', 'Overnight']);
  });

  it.each<[string, boolean, string, string]>([
    ['Standup', false, '2024-03-05', '2024-03-05'],
    ['Conference', true, '2024-03-06', '2024-03-08'],
    ['No end', false, '2024-03-05', '2024-03-05'],
    ['Backwards', false, '2024-03-05', '2024-03-05'],
    ['Overnight', false, '2024-03-09', '2024-03-10'],
    ['To midnight', false, '2024-03-07', '2024-03-07'],
    ['(no title)', true, '2024-03-01', '2024-03-01'],
  ])('%s: all day %s, %s → %s', (title, allDay, first, last) => {
    const e = byTitle(title);
    expect(e.allDay).toBe(allDay);
    expect(iso(e.startDay)).toBe(first);
    expect(iso(e.endDay)).toBe(last);
  });

  it('a missing or earlier end lasts an hour', () => {
    expect(byTitle('No end').end - byTitle('No end').start).toBe(60);
    expect(byTitle('Backwards').end - byTitle('Backwards').start).toBe(60);
  });

  it('keeps the row and its index', () => {
    expect(byTitle('Standup')).toMatchObject({ index: 0, row: rows[0] });
  });

  it('without an end column every timed event lasts an hour', () => {
    const [e] = toEvents([{ Title: 'x', Start: '2024-03-05T10:00', End: '2024-03-05T18:00' }], { start: 'Start', title: 'Title' });
    expect(e!.end - e!.start).toBe(60);
  });

  it('events between two days', () => {
    expect(eventsBetween(events, D('2024-03-08'), D('2024-03-09')).map((e) => e.title)).toEqual(['Conference', 'Overnight']);
  });

  it.each<[string, string]>([
    ['Standup', 'March 5, 2024, 9:00 AM – 9:30 AM'],
    ['Conference', 'March 6, 2024 – March 8, 2024 (all day)'],
    ['(no title)', 'March 1, 2024 (all day)'],
    ['Overnight', 'March 9, 2024, 10:00 PM – March 10, 2024, 2:00 AM'],
    ['To midnight', 'March 7, 2024, 8:00 PM – 12:00 AM'],
  ])('%s happens %s', (title, text) => {
    expect(eventWhen(byTitle(title))).toBe(text);
  });
});

describe('bars over a week (multi-day placement)', () => {
  const events = toEvents(
    [
      { Title: 'A', Start: '2024-02-28', End: '2024-03-04' }, // starts before the week of Mar 3, ends in it
      { Title: 'B', Start: '2024-03-04', End: '2024-03-06' },
      { Title: 'C', Start: '2024-03-05T10:00', End: '2024-03-05T11:00' },
      { Title: 'D', Start: '2024-03-08', End: '2024-03-12' }, // goes on after the week
      { Title: 'E', Start: '2024-03-07T09:00' },
    ],
    cols,
  );
  const week = segments(events, D('2024-03-03'), 7);
  const seg = (t: string) => week.find((s) => s.event.title === t)!;

  it.each<[string, number, number, number, boolean, boolean]>([
    // title, column, span, lane, before, after
    ['A', 0, 2, 0, true, false],
    ['B', 1, 3, 1, false, false],
    ['C', 2, 1, 0, false, false],
    ['D', 5, 2, 0, false, true],
    ['E', 4, 1, 0, false, false],
  ])('%s: column %i, span %i, lane %i, before %s, after %s', (t, col, span, lane, before, after) => {
    expect(seg(t)).toMatchObject({ col, span, lane, before, after });
  });

  it('no two bars of a lane share a day', () => {
    const taken = new Set<string>();
    for (const s of week)
      for (let c = s.col; c < s.col + s.span; c++) {
        const key = `${s.lane}:${c}`;
        expect(taken.has(key)).toBe(false);
        taken.add(key);
      }
  });

  it('a week with nothing has no bars', () => {
    expect(segments(events, D('2024-04-07'), 7)).toEqual([]);
  });
});

describe('time grid of a day', () => {
  const events = toEvents(
    [
      { Title: 'A', Start: '2024-03-05T09:00', End: '2024-03-05T10:00' },
      { Title: 'B', Start: '2024-03-05T09:30', End: '2024-03-05T11:00' },
      { Title: 'C', Start: '2024-03-05T10:00', End: '2024-03-05T10:30' },
      { Title: 'D', Start: '2024-03-05T12:00', End: '2024-03-05T12:05' },
      { Title: 'All', Start: '2024-03-05' },
      { Title: 'Night', Start: '2024-03-05T23:00', End: '2024-03-06T01:00' },
      { Title: 'Other day', Start: '2024-03-06T09:00' },
    ],
    cols,
  );
  const boxes = dayBoxes(events, D('2024-03-05'));
  const box = (t: string) => boxes.find((b) => b.event.title === t);

  it('only timed events of that day that end on it', () => {
    expect(boxes.map((b) => b.event.title)).toEqual(['A', 'B', 'C', 'D']);
  });

  it.each<[string, number, number, number, number]>([
    // title, top, height (minutes), column, columns
    ['A', 540, 60, 0, 2],
    ['B', 570, 90, 1, 2],
    ['C', 600, 30, 0, 2], // A ended at 10:00: C takes its column
    ['D', 720, 20, 0, 1], // 5 minutes drawn as the 20-minute minimum, alone
  ])('%s: top %i, height %i, column %i of %i', (t, top, height, col, colsN) => {
    expect(box(t)).toMatchObject({ top, height, col, cols: colsN });
  });
});

describe('opening and moving', () => {
  const today = { year: 2024, month: 3, day: 5 };
  it.each<[Record<string, unknown>, string]>([
    [{}, '2024-03-05'],
    [{ default_calendar_month: 'Current month', calender_month: '07' }, '2024-03-05'],
    [{ default_calendar_month: 'Selected month', calender_month: '07', calender_year: 2025 }, '2025-07-01'],
    [{ default_calendar_month: 'Selected month', calender_month: '12', calender_year: '' }, '2024-12-01'],
    [{ default_calendar_month: 'Selected month', calender_month: '13', calender_year: 2023 }, '2023-01-01'],
  ])('%j opens on %s', (config, day) => {
    expect(iso(openingDay(config, today))).toBe(day);
  });

  it.each<[unknown, string]>([
    ['Week', 'Week'],
    ['Day', 'Day'],
    ['Month', 'Month'],
    ['year', 'Month'],
    [undefined, 'Month'],
  ])('view %j → %s', (v, view) => {
    expect(openingView({ default_calendar_view: v })).toBe(view);
  });

  it.each<['Month' | 'Week' | 'Day', string, 1 | -1, string]>([
    ['Month', '2024-01-31', 1, '2024-02-29'],
    ['Month', '2024-03-15', -1, '2024-02-15'],
    ['Month', '2024-12-10', 1, '2025-01-10'],
    ['Month', '2024-01-10', -1, '2023-12-10'],
    ['Week', '2024-03-05', 1, '2024-03-12'],
    ['Week', '2024-03-05', -1, '2024-02-27'],
    ['Day', '2024-02-29', 1, '2024-03-01'],
    ['Day', '2024-03-01', -1, '2024-02-29'],
  ])('%s from %s by %i → %s', (view, from, dir, to) => {
    expect(iso(step(view, D(from), dir))).toBe(to);
  });

  it.each<['Month' | 'Week' | 'Day', string, string]>([
    ['Month', '2024-03-05', 'March 2024'],
    ['Week', '2024-03-05', 'Mar 3 – 9, 2024'],
    ['Week', '2024-02-28', 'Feb 25 – Mar 2, 2024'],
    ['Week', '2024-12-31', 'Dec 29, 2024 – Jan 4, 2025'],
    ['Day', '2024-03-05', 'Tuesday, March 5, 2024'],
  ])('%s title of %s is %s', (view, day, title) => {
    expect(rangeTitle(view, D(day))).toBe(title);
  });

  it.each<[number, string]>([
    [540, '9a'],
    [870, '2:30p'],
    [0, '12a'],
    [720, '12p'],
  ])('shortClock(%i) = %s', (m, text) => {
    expect(shortClock(m)).toBe(text);
  });

  it.each<[number, string]>([
    [0, '12:00 AM'],
    [570, '9:30 AM'],
    [720, '12:00 PM'],
    [1439, '11:59 PM'],
    [1440, '12:00 AM'],
  ])('clock(%i) = %s', (m, text) => {
    expect(clock(m)).toBe(text);
  });
});

describe('calendar view (server render)', () => {
  const rows = [
    { Title: 'Standup', Start: '2024-03-05T09:00', End: '2024-03-05T09:30' },
    { Title: 'Conference', Start: '2024-03-06', End: '2024-03-08' },
    { Title: 'Next month', Start: '2024-04-20T10:00', End: '' },
  ];
  const render = (input: Record<string, unknown>) =>
    renderBlock(
      CalendarBlock,
      calendarSchema,
      {
        sheet_title: 'Events',
        start_time_column: 'Start',
        end_time_column: 'End',
        event_title_column: 'Title',
        default_calendar_month: 'Selected month',
        calender_year: 2024,
        calender_month: '03',
        ...input,
      },
      viewData(rows),
    );

  it('month view of the selected month with its events', () => {
    const html = render({});
    expect(html).toContain('March 2024');
    expect(html).toContain('9a Standup');
    expect(html).toContain('Conference');
    expect(html).not.toContain('Next month');
  });

  it('opens on the default view: week and day', () => {
    expect(render({ default_calendar_view: 'Week', calender_month: '04' })).toContain('Mar 31 – Apr 6, 2024');
    const day = render({ default_calendar_view: 'Day', calender_month: '04' });
    expect(day).toContain('Monday, April 1, 2024');
  });

  it('asks for its columns when they are not chosen', () => {
    expect(render({ start_time_column: '' })).toContain('Choose the start time and event title columns');
  });
});
