// Banner hero settings (spec, blocks-and-data §3 "Banner hero"): background and foreground
// images, imagePosition, Banner_title and subtitle (a little inline HTML, sanitised by
// inline-html.ts), FeatureLayout and the features list, where a changed iconType clears icon.
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const bannerHeroSettings = defineSettings({
  background_image: { type: 'imageBlock', default: '', label: 'Background image' },
  overlay_color: { type: 'color', default: '#00000066', label: 'Overlay colour', description: 'Laid over the background image so the text stays readable.' },
  foreground_image: { type: 'image_upload', default: '', label: 'Foreground image' },
  imagePosition: { type: 'select', default: 'right', label: 'Image position', options: capitalisedOptions('left', 'right', 'top', 'bottom') },
  Banner_title: {
    type: 'textarea',
    default: 'Welcome to <b>your app</b>',
    label: 'Banner title',
    description: 'Allowed: <b>, <strong>, <i>, <em>, <u>, <span>, <br>.',
  },
  subtitle: {
    type: 'textarea',
    default: 'Everything your visitors need, in one place.',
    label: 'Subtitle',
    description: 'Allowed: <b>, <strong>, <i>, <em>, <u>, <span>, <br>.',
  },
  text_alignment: { type: 'select', default: 'left', label: 'Text alignment', options: capitalisedOptions('left', 'center', 'right') },
  banner_height: { type: 'number', default: 420, min: 200, max: 1000, label: 'Minimum height (px)' },
  FeatureLayout: { type: 'select', default: 'grid', label: 'Feature layout', options: capitalisedOptions('list', 'grid', 'paragraph') },
  features: {
    type: 'array',
    default: [
      { iconType: 'fontawesome', icon: 'bolt', title: 'Fast', description: 'Pages load in a blink.', iconColor: '#4f46e5' },
      { iconType: 'fontawesome', icon: 'shield', title: 'Safe', description: 'Your data stays yours.', iconColor: '#4f46e5' },
      { iconType: 'fontawesome', icon: 'heart', title: 'Loved', description: 'Made with care for your visitors.', iconColor: '#4f46e5' },
    ],
    label: 'Features',
    maxItems: 8,
    item: {
      iconType: {
        type: 'select',
        default: 'fontawesome',
        label: 'Icon type',
        options: [
          { value: 'fontawesome', label: 'Icon' },
          { value: 'image', label: 'Image' },
          { value: 'text', label: 'Text' },
        ],
        clearsOnChange: ['icon'],
      },
      icon: {
        type: 'input',
        default: '',
        label: 'Icon',
        description: 'Icon: a name such as check, star, heart, bolt, shield (fa-star works too). Image: an http(s) address. Text: a short text or emoji.',
      },
      title: { type: 'input', default: '', label: 'Title' },
      description: { type: 'textarea', default: '', label: 'Description' },
      iconColor: { type: 'color', default: '#4f46e5', label: 'Icon colour' },
    },
  },
  font_color: { type: 'color', default: '#ffffff', label: 'Font colour' },
  background_color: { type: 'color', default: '#161819', label: 'Background colour' },
});

export const bannerHeroSchema: BlockSchema = {
  kind: 'banner_hero',
  name: 'Banner hero',
  description: 'A large banner with a title, subtitle, images and a list of features.',
  category: 'layout',
  icon: 'photo-star',
  usesSheet: false,
  data: 'none',
  settings: {
    ...bannerHeroSettings,
  },
};
