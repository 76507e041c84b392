// Calendar block settings (spec, blocks-and-data §3 "Calendar"). Stored keys keep the spec's
// spelling, `calender_year` / `calender_month` included. Data only: must survive a JSON round trip.
import type { BlockSchema } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const CALENDAR_VIEWS = ['Month', 'Week', 'Day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const MONTH_NUMBERS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

const selectedMonth = { setting: 'default_calendar_month', equals: 'Selected month' };

export const calendarSettings = defineSettings({
  default_calendar_view: { type: 'select', default: 'Month', label: 'Default view', options: sameLabelOptions(...CALENDAR_VIEWS) },
  default_calendar_month: {
    type: 'select',
    default: 'Current month',
    label: 'Opens on',
    options: sameLabelOptions('Current month', 'Selected month'),
  },
  calender_year: {
    type: 'number',
    default: '',
    min: 1900,
    max: 2200,
    step: 1,
    label: 'Year',
    description: 'Empty: this year.',
    showIf: selectedMonth,
  },
  calender_month: {
    type: 'select',
    default: '01',
    label: 'Month',
    options: MONTH_NUMBERS.map((m) => ({ value: m, label: m })),
    showIf: selectedMonth,
  },
  start_time_column: {
    type: 'sheet_columns',
    default: '',
    required: true,
    label: 'Start time column',
    description: 'YYYY-MM-DDTHH:MM, or any accepted date (a date alone makes an all-day event).',
  },
  end_time_column: {
    type: 'sheet_columns',
    default: '',
    label: 'End time column',
    description: 'Empty or unreadable: one hour after the start (all-day events: that day).',
  },
  event_title_column: { type: 'sheet_columns', default: '', required: true, label: 'Event title column' },
  detail_columns: {
    type: 'sheet_columns',
    default: [],
    label: 'Pop-up columns',
    description: 'More columns shown in the pop-up of an event.',
  },
  event_color: { type: 'color', default: '#4f46e5', label: 'Event colour' },
  event_text_color: { type: 'color', default: '#ffffff', label: 'Event text colour' },
});

export const calendarSchema: BlockSchema = {
  kind: 'calendar',
  name: 'Calendar',
  description: 'Rows as events on a month, week or day calendar, with a pop-up of each event.',
  category: 'data',
  thumbnail: 'dates',
  icon: 'calendar',
  usesSheet: true,
  data: 'all',
  settings: {
    ...calendarSettings,
  },
};
