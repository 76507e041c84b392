import { describe, expect, it } from 'vitest';
import { newItemOf } from '../../shared/settings/arrays';
import { blockDefaults, normalizeBlock, validateBlock } from '../../shared/settings/block';
import { isVisible } from '../../shared/settings/visibility';
import { renderBlock } from '../testing/views';
import { EventBlock } from './EventBlock';
import { countdownParts, dayOf, deadlineOf, eventDateLine, eventTimeLine, formatEventDate } from './event-time';
import { eventSchema } from './schema';
import { brandOf, socialIconsOf } from './social-icons';

describe('formatEventDate', () => {
  it.each<[string, string, string]>([
    ['2024-03-05', 'DD/MM/YYYY', '05/03/2024'],
    ['2024-03-05', 'MM/DD/YYYY', '03/05/2024'],
    ['2024-03-05', 'YYYY-MM-DD', '2024-03-05'],
    ['2024-03-05', 'DD MMM YYYY', '05 Mar 2024'],
    ['2024-03-05', 'MMM DD, YYYY', 'Mar 05, 2024'],
    ['2024-12-31T18:00', 'DD MMM YYYY', '31 Dec 2024'],
    ['2024-03-05', 'unknown', '05/03/2024'],
    ['2023-02-29', 'YYYY-MM-DD', ''],
    ['05/03/2024', 'YYYY-MM-DD', ''],
    ['', 'DD/MM/YYYY', ''],
  ])('%s as %s → %j', (v, f, out) => expect(formatEventDate(v, f)).toBe(out));

  it.each<[unknown, unknown]>([
    ['2024-02-29', { y: 2024, m: 2, d: 29 }],
    ['2024-13-01', null],
    [42, null],
  ])('dayOf(%j) → %j', (v, out) => expect(dayOf(v)).toEqual(out));
});

describe('date and time lines', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ Event_Type: 'Single day', start_date: '2024-03-05', end_date: '2024-03-07', date_format: 'DD MMM YYYY' }, '05 Mar 2024'],
    [{ Event_Type: 'Multi day', start_date: '2024-03-05', end_date: '2024-03-07', date_format: 'DD MMM YYYY' }, '05 Mar 2024 – 07 Mar 2024'],
    [{ Event_Type: 'Multi day', start_date: '2024-03-05', end_date: '', date_format: 'YYYY-MM-DD' }, '2024-03-05'],
    [{ Event_Type: 'Multi day', start_date: '2024-03-05', end_date: '2024-03-05' }, '05/03/2024'],
    [{ Event_Type: 'Single day', start_date: '' }, ''],
  ])('%j → %j', (config, line) => expect(eventDateLine(config)).toBe(line));

  it.each<[Record<string, unknown>, string]>([
    [{ start_time: '09:00', end_time: '17:30' }, '09:00 – 17:30'],
    [{ start_time: '09:00:00', end_time: '' }, '09:00'],
    [{ start_time: '25:00', end_time: '10:00' }, '10:00'],
    [{}, ''],
  ])('%j → %j', (config, line) => expect(eventTimeLine(config)).toBe(line));
});

describe('registration countdown', () => {
  const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s).getTime();

  it.each<[unknown, unknown, number | null]>([
    ['2024-03-05', '', local(2024, 3, 5, 23, 59, 59)],
    ['2024-03-05', '23:59', local(2024, 3, 5, 23, 59, 59)],
    ['2024-03-05', '12:30', local(2024, 3, 5, 12, 30)],
    ['2024-03-05T08:15', '23:59', local(2024, 3, 5, 8, 15)],
    ['', '12:00', null],
    ['not a date', '', null],
  ])('deadlineOf(%j, %j)', (date, time, out) => expect(deadlineOf(date, time)).toBe(out));

  const deadline = local(2024, 3, 10, 12, 0, 0);
  it.each<[number, { closed: boolean; days: number; hours: number; minutes: number; seconds: number }]>([
    [local(2024, 3, 8, 10, 30, 15), { closed: false, days: 2, hours: 1, minutes: 29, seconds: 45 }],
    [local(2024, 3, 10, 11, 59, 59), { closed: false, days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [local(2024, 3, 10, 11, 59, 59) + 500, { closed: true, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [deadline, { closed: true, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [local(2024, 4, 1), { closed: true, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [local(2024, 2, 9, 12), { closed: false, days: 30, hours: 0, minutes: 0, seconds: 0 }],
  ])('at %i', (now, parts) => expect(countdownParts(deadline, now)).toEqual(parts));
});

describe('social icons', () => {
  it.each<[string, string]>([
    ['fa-brands fa-facebook', 'facebook'],
    ['fab fa-facebook-f', 'facebook'],
    ['fa-brands fa-linkedin-in', 'linkedin'],
    ['fa-brands fa-x-twitter', 'x'],
    ['fab fa-twitter', 'x'],
    ['fa-brands fa-square-instagram', 'instagram'],
    ['fa-solid fa-envelope', 'mail'],
    ['youtube', 'youtube'],
    ['fa-solid fa-rocket', 'link'],
    ['', 'link'],
  ])('%s → %s', (icon, brand) => expect(brandOf(icon)).toBe(brand));

  it('keeps only items with http(s) links; images only from safe addresses', () => {
    const icons = socialIconsOf([
      { iconType: 'fontawesome', icon: 'fa-brands fa-github', url: 'https://github.com/example' },
      { iconType: 'image', icon: '/api/uploads/abc', url: 'https://example.com' },
      { iconType: 'image', icon: 'javascript:alert(1)', url: 'https://example.com' },
      { iconType: 'text', icon: 'Blog', url: 'www.example.com/blog' },
      { iconType: 'fontawesome', icon: 'fa-brands fa-facebook', url: 'javascript:alert(1)' },
      { iconType: 'fontawesome', icon: 'fa-brands fa-facebook', url: '/relative' },
    ]);
    expect(icons.map((i) => [i.kind, i.brand, i.image, i.text, i.href])).toEqual([
      ['brand', 'github', null, '', 'https://github.com/example'],
      ['image', 'link', '/api/uploads/abc', '', 'https://example.com'],
      ['brand', 'link', null, '', 'https://example.com'],
      ['text', 'link', null, 'Blog', 'https://www.example.com/blog'],
    ]);
  });

  it('a new social icon is a Font Awesome icon with an example URL; spacing defaults to 4', () => {
    const setting = eventSchema.settings.socialIcons!;
    expect(newItemOf(setting, [])).toEqual({ iconType: 'fontawesome', icon: 'fa-brands fa-facebook', url: 'https://facebook.com/example' });
    expect(blockDefaults(eventSchema).social_icon_spacing).toBe(4);
  });
});

describe('event schema', () => {
  it('end date only for multi-day events; address or link by location', () => {
    const s = eventSchema.settings;
    expect(isVisible(s.end_date!, { Event_Type: 'Single day' })).toBe(false);
    expect(isVisible(s.end_date!, { Event_Type: 'Multi day' })).toBe(true);
    expect(isVisible(s.Address!, { Location: 'Physical' })).toBe(true);
    expect(isVisible(s.Link!, { Location: 'Physical' })).toBe(false);
    expect(isVisible(s.Link_Name!, { Location: 'Webinar' })).toBe(true);
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{ Mail_address: 'not an email' }, 'Mail_address'],
    [{ socialIcons: [{ iconType: 'fontawesome', icon: 'x', url: 'javascript:alert(1)' }] }, 'socialIcons.0.url'],
    [{ date_format: 'DD.MM.YYYY' }, 'date_format'],
    [{ overlay_opacity: 1.5 }, 'overlay_opacity'],
    [{ Mail_address: 'events@example.com', date_format: 'MMM DD, YYYY' }, null],
  ])('%j → issue at %s', (settings, path) => {
    const issues = validateBlock(eventSchema, normalizeBlock(eventSchema, settings, 'x'));
    expect(issues.map((i) => i.path)).toEqual(path ? [path] : []);
  });
});

const render = (settings: Record<string, unknown>) => renderBlock(EventBlock, eventSchema, settings);

describe('EventBlock renders', () => {
  it('the event as text, with a safe registration link and a countdown', () => {
    const html = render({
      event_title: '<script>alert(1)</script>Launch',
      start_date: '2099-03-05',
      date_format: 'DD MMM YYYY',
      registration_deadline: '2099-03-01',
      registration_link: 'https://tickets.example/launch',
      Address: '1 <b>Main</b> St',
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('05 Mar 2099');
    expect(html).toContain('href="https://tickets.example/launch"');
    expect(html).toContain('Register Now');
    expect(html).toContain('Time left to register');
    expect(html).toContain('1 &lt;b&gt;Main&lt;/b&gt; St');
  });

  it("after the deadline: 'Registration closed'", () => {
    const html = render({ registration_deadline: '2000-01-01', registration_link: 'https://tickets.example/' });
    expect(html).toContain('Registration closed');
    expect(html).not.toContain('Time left to register');
  });

  it('webinar link only when http(s); javascript: never becomes a link', () => {
    expect(render({ Location: 'Webinar', Link: 'https://meet.example/x', Link_Name: 'Join' })).toContain('href="https://meet.example/x"');
    expect(render({ Location: 'Webinar', Link: 'javascript:alert(1)' })).not.toContain('javascript:');
  });

  it.each(['overlay', 'stacked', 'left-image', 'right-image'])('layout %s renders', (layout_type) => {
    expect(render({ layout_type, foreground_image: '/api/uploads/img1', background_image: '/api/uploads/img2' })).toContain('Community Meetup');
  });
});
