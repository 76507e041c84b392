// Event block settings (spec, blocks-and-data §3 "Event block"), stored keys in the spec's
// spelling (Event_Type, Location, Address, Link, Link_Name, Mail_address, Mail_Contact,
// Countdown). Keys the spec leaves unnamed (colours, sizes, alignments, fonts, images) are named
// here. Data only (JSON round trip).
import type { BlockSchema, Setting } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

const FONTS = sameLabelOptions('Arial', 'Helvetica', 'Times New Roman', 'Georgia', 'Verdana', 'Roboto', 'Open Sans');
const ALIGN = sameLabelOptions('left', 'center', 'right');
const align = (label: string, dflt = 'left'): Setting => ({ type: 'select', default: dflt, label, options: ALIGN });
const size = (label: string, dflt: number, min: number, max: number): Setting => ({ type: 'number', default: dflt, label, min, max });
const physical = { setting: 'Location', equals: 'Physical' };
const webinar = { setting: 'Location', equals: 'Webinar' };
const countdown = { setting: 'Countdown', equals: true };

export const eventSettings = defineSettings({
  event_title: { type: 'input', default: 'Community Meetup', label: 'Event title' },
  description: { type: 'textarea', default: 'Talks, demos and time to meet the people building with us.', label: 'Description' },
  Event_Type: { type: 'select', default: 'Single day', label: 'Event type', options: sameLabelOptions('Multi day', 'Single day') },
  start_date: { type: 'date', default: '', label: 'Start date' },
  end_date: { type: 'date', default: '', label: 'End date', showIf: { setting: 'Event_Type', equals: 'Multi day' } },
  start_time: { type: 'time', default: '', label: 'Start time' },
  end_time: { type: 'time', default: '', label: 'End time' },
  date_format: { type: 'select', default: 'DD/MM/YYYY', label: 'Date format', options: sameLabelOptions('DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY', 'MMM DD, YYYY') },

  registration_deadline: {
    type: 'date',
    default: '',
    label: 'Registration deadline',
    description: 'Registration closes at the end of this day (or at the time below).',
  },
  registration_deadline_time: { type: 'time', default: '23:59', label: 'Registration deadline time' },
  Countdown: { type: 'boolean', default: true, label: 'Countdown', description: 'Days, hours, minutes and seconds left until the registration deadline.' },
  deadline_position: {
    type: 'select',
    default: 'top-right',
    label: 'Countdown position',
    options: [
      { value: 'top-left', label: 'Top left' },
      { value: 'top-right', label: 'Top right' },
      { value: 'bottom-left', label: 'Bottom left' },
      { value: 'bottom-right', label: 'Bottom right' },
    ],
    showIf: countdown,
  },
  registration_button: { type: 'input', default: 'Register Now', label: 'Registration button text' },
  registration_link: { type: 'url', default: '', label: 'Registration link', description: 'Where the button goes (https://…); empty hides the button.' },
  registration_button_color: { type: 'color', default: '#4f46e5', label: 'Registration button colour' },
  registration_button_text_color: { type: 'color', default: '#ffffff', label: 'Registration button text colour' },

  Location: { type: 'select', default: 'Physical', label: 'Location', options: sameLabelOptions('Physical', 'Webinar') },
  Address: { type: 'textarea', default: '123 Main Street, Springfield', label: 'Address', showIf: physical },
  Link: { type: 'url', default: '', label: 'Webinar link', showIf: webinar },
  Link_Name: { type: 'input', default: 'Join the webinar', label: 'Webinar link text', showIf: webinar },
  Mail_address: { type: 'input', default: 'events@example.com', label: 'Contact e-mail', pattern: '^[^\\s@<>"]+@[^\\s@<>"]+\\.[^\\s@<>"]+$', patternMessage: 'Enter an e-mail address such as events@example.com' },
  Mail_Contact: { type: 'input', default: 'Contact us', label: 'Contact e-mail text' },
  contact_layout: {
    type: 'select',
    default: 'inline',
    label: 'Contact layout',
    options: [
      { value: 'inline', label: 'Side by side' },
      { value: 'stacked', label: 'One under the other' },
    ],
  },
  content_position: {
    type: 'select',
    default: 'address-left',
    label: 'Content position',
    options: [
      { value: 'address-left', label: 'Address left' },
      { value: 'address-right', label: 'Address right' },
    ],
  },

  layout_type: { type: 'select', default: 'overlay', label: 'Layout', options: sameLabelOptions('overlay', 'stacked', 'left-image', 'right-image') },
  background_image: { type: 'image_upload', default: '', label: 'Background image', description: 'Images must be under 5 MB.', showIf: { setting: 'layout_type', equals: 'overlay' } },
  background_fit: { type: 'select', default: 'cover', label: 'Background fit', options: sameLabelOptions('contain', 'cover', 'fill', 'none', 'scale-down') },
  foreground_image: { type: 'image_upload', default: '', label: 'Foreground image', description: 'Images must be under 5 MB.', showIf: { setting: 'layout_type', in: ['stacked', 'left-image', 'right-image'] } },
  overlay_color: { type: 'color', default: '#111827', label: 'Overlay colour', showIf: { setting: 'layout_type', equals: 'overlay' } },
  overlay_opacity: { type: 'range', default: 0.55, label: 'Overlay opacity', min: 0, max: 1, step: 0.05, showIf: { setting: 'layout_type', equals: 'overlay' } },

  socialIcons: {
    type: 'array',
    default: [],
    label: 'Social icons',
    maxItems: 10,
    item: {
      iconType: {
        type: 'select',
        default: 'fontawesome',
        label: 'Icon type',
        options: [
          { value: 'fontawesome', label: 'Font Awesome name' },
          { value: 'image', label: 'Image' },
          { value: 'text', label: 'Text' },
        ],
        clearsOnChange: ['icon'],
      },
      icon: { type: 'input', default: 'fa-brands fa-facebook', label: 'Icon', description: 'Font Awesome name (fa-brands fa-linkedin), an image address, or a short text.' },
      url: { type: 'url', default: 'https://facebook.com/example', label: 'Link', required: true },
    },
  },
  social_icon_spacing: size('Social icon spacing', 4, 0, 48),
  social_icon_size: size('Social icon size', 20, 12, 64),
  social_icon_color: { type: 'color', default: '#4f46e5', label: 'Social icon colour' },

  title_alignment: align('Title alignment'),
  description_alignment: align('Description alignment'),
  button_alignment: align('Button alignment'),
  title_font: { type: 'select', default: 'Arial', label: 'Title font', options: FONTS },
  body_font: { type: 'select', default: 'Arial', label: 'Text font', options: FONTS },
  event_title_size: size('Event title size', 32, 12, 96),
  description_size: size('Description size', 16, 10, 48),
  details_size: size('Details size', 15, 10, 36),
  event_title_color: { type: 'color', default: '#111827', label: 'Event title colour' },
  description_color: { type: 'color', default: '#4b5563', label: 'Description colour' },
  details_color: { type: 'color', default: '#374151', label: 'Details colour' },
  icon_color: { type: 'color', default: '#4f46e5', label: 'Icon colour' },
  countdown_background_color: { type: 'color', default: '#111827', label: 'Countdown background colour', showIf: countdown },
  countdown_text_color: { type: 'color', default: '#ffffff', label: 'Countdown text colour', showIf: countdown },
});

export const eventSchema: BlockSchema = {
  kind: 'event',
  name: 'Event',
  description: 'An event with its dates, place or webinar link, registration button and a countdown to the registration deadline.',
  category: 'content',
  thumbnail: 'dates',
  icon: 'calendar-event',
  usesSheet: false,
  data: 'none',
  settings: {
    ...eventSettings,
  },
};
