// Testimonial block settings (spec, blocks-and-data §3 "Testimonial"): Layout (single, twin, grid),
// columns 1-3, auto_carousel, the columns of testimonial_text, name, designation, company,
// avatar_url and rating (1-5 stars), titles and subtitles. One testimonial per sheet row.
// Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const TESTIMONIAL_LAYOUTS = ['single', 'twin', 'grid'] as const;

const grid = { setting: 'Layout', equals: 'grid' };
const carousel = { not: grid };

export const testimonialSettings = defineSettings({
  testimonial_title: { type: 'input', default: 'What our customers say', label: 'Testimonial title' },
  testimonial_subtitle: { type: 'input', default: '', label: 'Testimonial subtitle' },
  Layout: {
    type: 'select',
    default: 'grid',
    label: 'Layout',
    options: sameLabelOptions(...TESTIMONIAL_LAYOUTS),
    description: 'single and twin show one or two testimonials at a time, with previous and next buttons.',
  },
  columns: { type: 'number', default: 3, min: 1, max: 3, label: 'Columns', showIf: grid },
  auto_carousel: { type: 'boolean', default: false, label: 'Auto carousel', description: 'Moves on by itself every few seconds.', showIf: carousel },
  carousel_interval: {
    type: 'number',
    default: 3000,
    min: 1000,
    max: 60000,
    step: 500,
    label: 'Carousel interval (ms)',
    showIf: { all: [carousel, { setting: 'auto_carousel', equals: true }] },
  },
  testimonial_text: { type: 'sheet_columns', default: '', required: true, label: 'Testimonial text column' },
  name: { type: 'sheet_columns', default: '', label: 'Name column' },
  designation: { type: 'sheet_columns', default: '', label: 'Designation column' },
  company: { type: 'sheet_columns', default: '', label: 'Company column' },
  avatar_url: { type: 'sheet_columns', default: '', label: 'Avatar URL column' },
  rating: { type: 'sheet_columns', default: '', label: 'Rating column', description: '1 to 5 stars.' },
  testimonial_title_color: { type: 'color', default: '#111827', label: 'Testimonial title colour' },
  testimonial_subtitle_color: { type: 'color', default: '#6b7280', label: 'Testimonial subtitle colour' },
  card_color: { type: 'color', default: '#f9fafb', label: 'Card colour' },
  text_color: { type: 'color', default: '#374151', label: 'Text colour' },
  name_color: { type: 'color', default: '#111827', label: 'Name colour' },
  star_color: { type: 'color', default: '#f59e0b', label: 'Star colour' },
});

export const testimonialSchema: BlockSchema = {
  kind: 'testimonial',
  name: 'Testimonial',
  description: 'Quotes of customers from a sheet, one or two at a time or in a grid, with star ratings.',
  category: 'content',
  icon: 'quote',
  usesSheet: true,
  data: 'all',
  settings: {
    ...testimonialSettings,
  },
};
